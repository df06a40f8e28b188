"""One async production client, 100 calls gathered, against the stateful mock in production auth with its default
replay refusal (the pytest plugin's `fo_mock`, as a user's async test has it): keyed POSTs (Create External Account,
each with its own Idempotency-Key and account number) mixed with reads (each account of an earlier create, by its
key). Every answer must be the reference's, none refused as a replayed signature (that would be a 401, an ApiException
here), none given to another call."""

from __future__ import annotations

import asyncio
import json
import secrets
import uuid
from typing import Any

import fo_api
import fo_api.aio
import pytest

import financial_operations_api as fo
from financial_operations_api.testing import RunningMock

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
FIRST = secrets.randbelow(10**9) * 1000  # this run's account numbers: FIRST + n, twelve digits


def account(n: int) -> dict[str, str]:
    return {
        "network": "US_ACH",
        "account_holder_name": f"Holder {n}",
        "currency": "USD",
        "country_code": "USA",
        "account_number": f"{FIRST + n:012d}",
        "institution_id": "021000021",
    }


@pytest.mark.asyncio
async def test_100_gathered_calls_each_get_their_own_answer_and_none_is_a_replay(
    mock_command_env: str, fo_mock: RunningMock
) -> None:
    async with fo.async_production_client(fo_mock.url, fo_mock.access_key, fo_mock.secret_key) as client:
        accounts = fo_api.aio.ExternalAccountsApi(client)

        async def create(n: int, key: uuid.UUID) -> tuple[int, Any]:
            sent = fo_api.BankAccountDetails.from_dict(account(n))
            created = await accounts.create_external_account_with_http_info(key, CUSTOMER, sent)
            return created.status_code, json.loads(created.raw_data)

        async def read(key: uuid.UUID) -> tuple[int, Any]:
            found = await accounts.list_external_accounts_with_http_info(CUSTOMER, idempotency_key=key)
            return found.status_code, json.loads(found.raw_data)["list"]

        earlier = [uuid.uuid4() for _ in range(50)]
        for n, key in enumerate(earlier):
            assert (await create(n, key))[0] == 201
        later = [uuid.uuid4() for _ in range(50)]
        calls = [read(key) for key in earlier] + [create(50 + n, key) for n, key in enumerate(later)]
        order = list(range(100))
        secrets.SystemRandom().shuffle(order)
        answers = dict(zip(order, await asyncio.gather(*(calls[i] for i in order)), strict=True))

    for n in range(50):
        status, listed = answers[n]
        assert status == 200
        assert [item["account_number"] for item in listed] == [account(n)["account_number"]], n
    for n in range(50, 100):
        status, created = answers[n]
        assert status == 201
        assert created["account_number"] == account(n)["account_number"], n
        assert created["institution_name"]
