// The bundles as consumers' tools read them: the two most used validators accept all three files, and
// a YAML 1.1 loader (PyYAML, Ruby and js-yaml's default schema read YAML so) reads the YAML bundle as the JSON one.
import { readFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { validate as readmeValidate } from "@readme/openapi-parser";
import jsyaml from "js-yaml";
import YAML from "yaml";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const files = ["generated/openapi.json", "generated/openapi.yaml"];
const json = JSON.parse(readFileSync(path.join(root, "generated/openapi.json"), "utf8"));
const yamlText = readFileSync(path.join(root, "generated/openapi.yaml"), "utf8");

describe.each(files)("%s", (file) => {
  test("is valid for @apidevtools/swagger-parser", async () => {
    await expect(SwaggerParser.validate(path.join(root, file))).resolves.toMatchObject({ openapi: "3.1.0" });
  });

  test("is valid for @readme/openapi-parser", async () => {
    const result = await readmeValidate(path.join(root, file));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});

describe("the YAML bundle", () => {
  // YAML 1.1 timestamps and all.
  test("reads as the JSON under js-yaml's default schema", () => {
    expect(jsyaml.load(yamlText)).toEqual(json);
  });

  // yes/no, octals and sexagesimals too.
  test("reads as the JSON under yaml's YAML 1.1 schema", () => {
    expect(YAML.parse(yamlText, { version: "1.1" })).toEqual(json);
  });

  test("reads as the JSON under YAML 1.2", () => {
    expect(YAML.parse(yamlText)).toEqual(json);
  });

  // Written as plain YAML 1.2, the examples' timestamps come back as dates.
  test("the check fails on plain YAML 1.2 timestamps", () => {
    const loaded = jsyaml.load(YAML.stringify(json, { lineWidth: 0 })) as typeof json;
    expect(loaded).not.toEqual(json);
    const item =
      loaded.paths["/v1/customers/{customer_id}/rfi-cases"].get.responses["2XX"].content["application/json"].examples
        .recipientCase.value.list[0];
    expect(item.created_at).toBeInstanceOf(Date);
  });

  // swagger-parser still refuses a description on a server variable.
  test("the check fails on a server variable description", async () => {
    const doc = structuredClone(json);
    doc.servers[0].variables.base_url.description = "The production address.";
    await expect(SwaggerParser.validate(doc)).rejects.toThrow(/unevaluated properties/);
  });
});
