// Every generator of the matrix, in the order of the table.
import { goGenerators } from "./go.mjs";
import { javaGenerators } from "./java.mjs";
import { pythonGenerators } from "./python.mjs";
import { rustGenerators } from "./rust.mjs";
import { typescriptGenerators } from "./typescript.mjs";

/** @type {import("./tools.mjs").Generator[]} */
export const GENERATORS = [
  ...typescriptGenerators,
  ...pythonGenerators,
  ...goGenerators,
  ...javaGenerators,
  ...rustGenerators,
];
