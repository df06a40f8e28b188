"""The Python side of bench/python-async.bench.ts: a GET of the RFI list against the mock (sandbox auth, which takes any
token and leaves a signature unchecked), per variant, interleaved in rotating order, each call (or each batch of 100
gathered calls) timed on its own; prints one JSON object of microseconds per call, every sample, for the bench to
reduce. Variants: the async production client (signing every call), bare aiohttp (the library it sits on, a bearer
header and JSON decoding, nothing else), the sync production client, and 100 gathered calls on one async client (and
on bare aiohttp, for reference).

    python bench/python-async.py URL [ROUNDS]
"""

from __future__ import annotations

import asyncio
import base64
import gc
import json
import secrets
import sys
import time
from collections.abc import Awaitable, Callable

import aiohttp
import fo_api
import fo_api.aio

import financial_operations_api as fo

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
CALLS_PER_ROUND = 100
BATCHES_PER_ROUND = 3
GATHERED = 100
WARM_UP = 300


async def main(url: str, rounds: int) -> dict[str, list[float]]:
    secret = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    async with (
        fo.async_production_client(url, "AK_bench", secret) as async_client,
        aiohttp.ClientSession() as session,
    ):
        sync_rfi = fo_api.RFICasesApi(fo.production_client(url, "AK_bench", secret))
        async_rfi = fo_api.aio.RFICasesApi(async_client)
        target = f"{url}/v1/customers/{CUSTOMER}/rfi-cases"

        async def bare() -> object:
            async with session.get(target, headers={"Authorization": "Bearer sandbox-token"}) as response:
                response.raise_for_status()
                return await response.json()

        async def through_async() -> object:
            return await async_rfi.list_rfi_cases(CUSTOMER)

        async def through_sync() -> object:
            return sync_rfi.list_rfi_cases(CUSTOMER)

        sequential: dict[str, Callable[[], Awaitable[object]]] = {
            "async client, signed GET": through_async,
            "bare aiohttp GET": bare,
            "sync client, signed GET": through_sync,
        }
        gathered: dict[str, Callable[[], Awaitable[object]]] = {
            "async client, 100 gathered signed GETs": through_async,
            "bare aiohttp, 100 gathered GETs": bare,
        }
        for call in sequential.values():
            for _ in range(WARM_UP):
                await call()
        for call in gathered.values():
            await asyncio.gather(*(call() for _ in range(GATHERED)))
        samples: dict[str, list[float]] = {name: [] for name in [*sequential, *gathered]}
        names = [*sequential, *gathered]
        for round_ in range(rounds):
            k = round_ % len(names)
            order = names[k:] + names[:k]
            for name in order if round_ % 2 == 0 else reversed(order):
                if name in sequential:
                    call = sequential[name]
                    for _ in range(CALLS_PER_ROUND):
                        start = time.perf_counter()
                        await call()
                        samples[name].append((time.perf_counter() - start) * 1e6)
                else:
                    call = gathered[name]
                    for _ in range(BATCHES_PER_ROUND):
                        start = time.perf_counter()
                        await asyncio.gather(*(call() for _ in range(GATHERED)))
                        samples[name].append((time.perf_counter() - start) * 1e6 / GATHERED)
            gc.collect()  # what one round left goes before the next, not inside another variant's samples
    return samples


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20))))
