"""Shared by the Python drivers: the scenario (MATRIX_SCENARIO), the echo server's URL (MATRIX_BASE_URL) and the
result line every driver prints, each step on its own."""
import json
import os
from typing import Any, Callable, Optional

scenario: dict[str, Any] = json.loads(open(os.environ["MATRIX_SCENARIO"], encoding="utf-8").read())
base_url: str = os.environ["MATRIX_BASE_URL"]
upload: dict[str, str] = scenario["upload"]
file_bytes: bytes = bytes.fromhex(upload["file_hex"])
customer_id: str = scenario["customer_id"]


def report(
    upload_step: Callable[[], object],
    list_step: Callable[[], int],
    quote_step: Callable[[], Optional[str]],
    execute_step: Callable[[], Optional[str]],
) -> None:
    """Runs every step (one failing does not stop the others) and prints the result as the last line."""
    errors: dict[str, str] = {}

    def attempt(name: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except Exception as err:  # noqa: BLE001 - every failure is a finding
            errors[name] = f"{type(err).__name__}: {err}"[:600]
            return None

    attempt("upload", upload_step)
    total = attempt("list", list_step)
    unknown_code = attempt("quote", quote_step)
    order_status = attempt("execute", execute_step)
    print(json.dumps({"total": total, "unknown_code": unknown_code, "order_status": order_status, "errors": errors}))
