// OpenAPI Generator rust, default options. Its upload streams a file from a path and sets no Content-Type at
// all, with no per-call override: the caller's MIME type goes in as a default header of the reqwest client
// of a Configuration made for the upload (reqwest adds a default header only where the request has none, so
// other calls keep their own types). Error bodies come back as the operation's typed error enum.
mod scenario;

use openapi::apis::configuration::Configuration;
use openapi::apis::{conversions_api, onboarding_api, rfi_cases_api, Error};
use reqwest::header::{HeaderMap, HeaderValue, CONTENT_TYPE};
use scenario::{report, Scenario};

/// The Configuration of one upload: the caller's, with a client that labels the body with `mime`.
fn upload_configuration(
    configuration: &Configuration,
    mime: &str,
) -> Result<Configuration, String> {
    let mut headers = HeaderMap::new();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_str(mime).map_err(|e| e.to_string())?,
    );
    let client = reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .map_err(|e| e.to_string())?;
    Ok(Configuration {
        client,
        ..configuration.clone()
    })
}

async fn upload(s: &Scenario, configuration: &Configuration) -> Result<(), String> {
    // The generated call takes a path: the caller's bytes go through a file of their own.
    let file = std::env::temp_dir().join(format!("matrix-upload-{}.pdf", std::process::id()));
    std::fs::write(&file, s.file_bytes()).map_err(|e| e.to_string())?;
    let sent = match upload_configuration(configuration, &s.text("/upload/mime_type")) {
        Ok(upload) => onboarding_api::upload_business_document(
            &upload,
            &s.text("/upload/content_disposition"),
            &s.text("/upload/main_account_id"),
            &s.text("/upload/sub_account_id"),
            &s.text("/upload/document_type"),
            file.clone(),
        )
        .await
        .map(drop)
        .map_err(|e| format!("{e:?}")),
        Err(e) => Err(e),
    };
    let _ = std::fs::remove_file(&file);
    sent
}

async fn list(s: &Scenario, configuration: &Configuration) -> Result<i64, String> {
    let customer = s.text("/customer_id");
    let page = rfi_cases_api::list_rfi_cases(
        configuration,
        &customer,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    Ok(i64::from(page.total))
}

async fn quote(s: &Scenario, configuration: &Configuration) -> Result<String, String> {
    let request =
        serde_json::from_value(s.json["quote"]["request"].clone()).map_err(|e| e.to_string())?;
    match conversions_api::create_quote(configuration, &s.text("/customer_id"), request).await {
        Ok(quote) => Err(format!("no error: {quote:?}")),
        Err(Error::ResponseError(response)) => match response.entity {
            // code is required in the flat envelope: a String, not an Option.
            Some(conversions_api::CreateQuoteError::Status400(body)) => Ok(body.code),
            other => Err(format!("decoded as {other:?} from {}", response.content)),
        },
        Err(e) => Err(format!("{e:?}")),
    }
}

async fn execute(s: &Scenario, configuration: &Configuration) -> Result<String, String> {
    let request =
        serde_json::from_value(serde_json::json!({ "quote_id": s.text("/execute/quote_id") }))
            .map_err(|e| e.to_string())?;
    let order = conversions_api::execute_quote(configuration, &s.text("/customer_id"), request)
        .await
        .map_err(|e| format!("{e:?}"))?;
    // Read through the value's JSON encoding: a string field or an enum, whichever the generator made.
    let json = serde_json::to_value(&order).map_err(|e| e.to_string())?;
    json["order_status"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("no order_status in {json}"))
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let s = Scenario::load();
    // A sandbox consumer: the bearer token (the echo server checks none).
    let configuration = Configuration {
        base_path: s.base_url.clone(),
        bearer_access_token: Some("sandbox-key".to_owned()),
        ..Configuration::default()
    };
    report(
        upload(&s, &configuration).await,
        list(&s, &configuration).await,
        quote(&s, &configuration).await,
        execute(&s, &configuration).await,
    );
}
