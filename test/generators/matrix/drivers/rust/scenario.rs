// Shared by the Rust drivers: the scenario (MATRIX_SCENARIO), the echo server's URL (MATRIX_BASE_URL) and the
// result line every driver prints, each step on its own.
use serde_json::{json, Map, Value};

pub struct Scenario {
    pub json: Value,
    pub base_url: String,
}

impl Scenario {
    /// Reads the scenario; exits with status 2 when it cannot (the matrix then reports no result line).
    pub fn load() -> Scenario {
        let read = std::env::var("MATRIX_SCENARIO")
            .map_err(|e| e.to_string())
            .and_then(|file| std::fs::read_to_string(file).map_err(|e| e.to_string()))
            .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()));
        match read {
            Ok(json) => Scenario {
                json,
                base_url: std::env::var("MATRIX_BASE_URL").unwrap_or_default(),
            },
            Err(e) => {
                eprintln!("scenario: {e}");
                std::process::exit(2);
            }
        }
    }

    /// A string of the scenario at a JSON pointer ("" when absent: the step then fails on the wire).
    pub fn text(&self, pointer: &str) -> String {
        self.json
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    }

    /// The upload's file, from its hex form.
    pub fn file_bytes(&self) -> Vec<u8> {
        let hex = self.text("/upload/file_hex");
        (0..hex.len() / 2)
            .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
            .collect()
    }
}

/// Prints the result line: each step's value, or its error under `errors`.
pub fn report(
    upload: Result<(), String>,
    list: Result<i64, String>,
    quote: Result<String, String>,
    execute: Result<String, String>,
) {
    let mut result = Map::new();
    let mut errors = Map::new();
    if let Err(e) = upload {
        errors.insert("upload".into(), json!(e));
    }
    match list {
        Ok(total) => drop(result.insert("total".into(), json!(total))),
        Err(e) => drop(errors.insert("list".into(), json!(e))),
    }
    match quote {
        Ok(code) => drop(result.insert("unknown_code".into(), json!(code))),
        Err(e) => drop(errors.insert("quote".into(), json!(e))),
    }
    match execute {
        Ok(status) => drop(result.insert("order_status".into(), json!(status))),
        Err(e) => drop(errors.insert("execute".into(), json!(e))),
    }
    result.insert("errors".into(), Value::Object(errors));
    println!("{}", Value::Object(result));
}
