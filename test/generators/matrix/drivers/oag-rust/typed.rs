// Compiled, never run: the RFI list's success body is typed, so `total` is an integer (not a JSON value).
use openapi::apis::{configuration::Configuration, rfi_cases_api};

#[allow(dead_code)]
async fn typed_total(configuration: &Configuration) -> Option<i64> {
    let page = rfi_cases_api::list_rfi_cases(
        configuration,
        "c",
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
    .ok()?;
    // A conversion that compiles only for a number (any integer width the generator picks).
    Some(i64::from(page.total))
}

fn main() {}
