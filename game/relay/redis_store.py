"""The relay's shared store: rooms in Redis, so several relay processes can serve one community.

Keys (every one under the `mh:` prefix; a room's keys share its TTL, set by `expire`):
- `mh:room:CODE` the room's record as JSON (token and ticket digests only: never a secret);
- `mh:log:CODE` a list, one JSON line `[match, now, seat, action, seq?]` per entry of its match;
- `mh:lease:CODE` "NODE:N": which relay process serves the room, with a TTL (`lease`);
- `mh:fence:CODE` the room's fencing counter (INCR once per lease taken);
- `mh:node:NODE` where the other relays reach relay NODE (`ws://HOST:PORT/ws`, never a secret),
  with a TTL renewed with its leases: a hello for a room it holds is piped there (handoff.py);
- `mh:corr` the set of correspondence room codes; `mh:archive:CODE:MATCH` a finished match's record;
- `mh:made:DIGEST` (a sorted set, a minute) and `mh:open:DIGEST` (a set of codes): the room caps of
  the client address whose digest names them (`admit`), so the caps hold across the fleet.

A code is created with `SET NX` (two relays never share one). Every write of a served room names
its lease's number and is checked inside Redis by a Lua script, in one step with the write: a
relay that paused (or lost Redis) past its lease's end finds its writes refused (`LeaseLost`) and
never writes again under that number.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from redis.asyncio import Redis

from game.relay.protocol import normalise_code
from game.relay.store import LeaseLost, room_code, with_log

PREFIX = "mh:"
TIMEOUT = 5.0  # seconds a Redis call may take before it fails (a room's save then fails: it is retried)

_HOLDS = """local cur = redis.call('GET', KEYS[1])
local function holds(fence) return fence == '0' or (cur and string.match(cur, ':(%d+)$') == fence) end
"""
_CREATE = """if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 0 end
redis.call('DEL', KEYS[2])
if ARGV[2] == '1' then redis.call('SADD', KEYS[3], ARGV[3]) end
return 1"""
_SAVE = _HOLDS + """if not holds(ARGV[2]) then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'KEEPTTL')
if ARGV[3] == '1' then redis.call('SADD', KEYS[3], ARGV[4]) end
return 1"""
_APPEND = _HOLDS + """if not holds(ARGV[1]) then return 0 end
if ARGV[2] == '1' then redis.call('DEL', KEYS[2]) end
if #ARGV > 2 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 3)) end
local ttl = redis.call('PTTL', KEYS[3])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
return 1"""
_LEASE = """local cur = redis.call('GET', KEYS[1])
if cur and cur == ARGV[1] .. ':' .. ARGV[2] then redis.call('PEXPIRE', KEYS[1], ARGV[3]) return tonumber(ARGV[2]) end
if cur or ARGV[2] ~= '0' then return 0 end
local ttl = redis.call('PTTL', KEYS[3])
if ttl == -2 then return -1 end
local fence = redis.call('INCR', KEYS[2])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. fence, 'PX', ARGV[3])
return fence"""
_RENEW = """local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] .. ':' .. ARGV[i + 2] then redis.call('PEXPIRE', key, ARGV[2])
  else out[#out + 1] = i end
end
return out"""
# an address's caps (FleetCaps), on Redis's own clock so every relay counts one minute alike; a room
# counts as open while its record is stored (`ARGV[4]` is the record keys' prefix: the set's members
# are read as keys the script was not given, which a single Redis, unlike a cluster, allows)
_ADMIT = """local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - 60000)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 1 end
local open = 0
for _, code in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('EXISTS', ARGV[4] .. code) == 1 then open = open + 1 else redis.call('SREM', KEYS[2], code) end
end
if open >= tonumber(ARGV[2]) then return 2 end
redis.call('ZADD', KEYS[1], ms, ARGV[3])
redis.call('PEXPIRE', KEYS[1], 60000)
return 0"""
OPEN_KEPT = 30 * 86400  # seconds an address's set of open rooms outlives its last new room
RENEW_BATCH = 200  # leases renewed by one script call: one round trip, and Redis is never held long
_RELEASE = """if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1"""


def _key(kind: str, code: str) -> str:
    return f"{PREFIX}{kind}:{room_code(code)}"  # a code is part of a key: never anything else


def _address_keys(address: str) -> tuple[str, str]:
    """The keys of an address's caps: its rooms of the last minute, its open rooms. By a digest of
    the address (with the keys' purpose): no client's address is written to Redis."""
    name = hashlib.sha256(f"market-hall caps {address}".encode()).hexdigest()[:32]
    return f"{PREFIX}made:{name}", f"{PREFIX}open:{name}"


class RedisStore:
    """Rooms in Redis at `url` (redis://HOST:PORT/DB), through the asyncio client."""

    shared = True

    def __init__(self, url: str) -> None:
        self.redis: Redis = Redis.from_url(url, decode_responses=True, socket_timeout=TIMEOUT,
                                           socket_connect_timeout=TIMEOUT)
        self._create = self.redis.register_script(_CREATE)
        self._save = self.redis.register_script(_SAVE)
        self._append = self.redis.register_script(_APPEND)
        self._lease = self.redis.register_script(_LEASE)
        self._release = self.redis.register_script(_RELEASE)
        self._renew = self.redis.register_script(_RENEW)
        self._admit = self.redis.register_script(_ADMIT)

    async def load_all(self) -> list[dict[str, Any]]:
        slow = await self.redis.smembers(f"{PREFIX}corr")  # type: ignore[misc]  # redis's sync|async union
        out = []
        async for key in self.redis.scan_iter(match=f"{PREFIX}room:*", count=500):
            code = key[len(PREFIX) + 5:]
            if code not in slow and normalise_code(code) == code and (record := await self.fetch(code)) is not None:
                out.append(record)
        return out

    async def create(self, code: str, record: dict[str, Any]) -> bool:
        made = await self._create(keys=[_key("room", code), _key("log", code), f"{PREFIX}corr"],
                                  args=[json.dumps(record, separators=(",", ":")), int(bool(record.get("days"))), code])
        return bool(made)

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        kept = await self._save(keys=[_key("lease", code), _key("room", code), f"{PREFIX}corr"],
                                args=[json.dumps(record, separators=(",", ":")), fence,
                                      int(bool(record.get("days"))), code])
        if not kept:
            raise LeaseLost(code)

    async def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False,
                     fence: int = 0) -> None:
        lines = [json.dumps([match, *e], separators=(",", ":")) for e in entries]
        kept = await self._append(keys=[_key("lease", code), _key("log", code), _key("room", code)],
                                  args=[fence, int(fresh), *lines])
        if not kept:
            raise LeaseLost(code)

    async def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        await self.redis.set(f"{_key('archive', code)}:{int(match)}", json.dumps(record, separators=(",", ":")))

    async def archived(self, code: str, match: int) -> dict[str, Any] | None:
        text = await self.redis.get(f"{_key('archive', code)}:{int(match)}")
        return None if text is None else json.loads(text)

    async def delete(self, code: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(*(_key(kind, code) for kind in ("room", "log", "lease", "fence")))
            pipe.srem(f"{PREFIX}corr", code)
            await pipe.execute()

    async def exists(self, code: str) -> bool:
        return bool(await self.redis.exists(_key("room", code)))

    async def fetch(self, code: str) -> dict[str, Any] | None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(_key("room", code))
            pipe.lrange(_key("log", code), 0, -1)
            text, lines = await pipe.execute()
        return None if text is None else with_log(json.loads(text), lines, code)

    async def peek_many(self, codes: list[str]) -> dict[str, dict[str, Any]]:
        codes = [code for code in codes if normalise_code(code) == code]
        texts = await self.redis.mget([_key("room", code) for code in codes]) if codes else []
        return {code: json.loads(text) for code, text in zip(codes, texts) if text is not None}

    async def correspondence(self) -> list[str]:
        codes = sorted(await self.redis.smembers(f"{PREFIX}corr"))  # type: ignore[misc]
        kept = await self.peek_many(codes)
        gone = [code for code in codes if code not in kept]  # expired or deleted: the set forgets them
        if gone:
            await self.redis.srem(f"{PREFIX}corr", *gone)  # type: ignore[misc]
        return [code for code in codes if code in kept]

    async def expire(self, code: str, seconds: float | None) -> None:
        keys = [_key(kind, code) for kind in ("room", "log", "fence")]
        async with self.redis.pipeline(transaction=True) as pipe:
            for key in keys:
                if seconds is None:
                    pipe.persist(key)
                else:
                    pipe.pexpire(key, max(1, int(seconds * 1000)))
            await pipe.execute()

    async def lease(self, code: str, node: str, fence: int, seconds: float) -> int:
        held = await self._lease(keys=[_key("lease", code), _key("fence", code), _key("room", code)],
                                 args=[node, fence, max(1, int(seconds * 1000))])
        return int(held)

    async def renew(self, node: str, leases: dict[str, int], seconds: float) -> set[str]:
        codes, lost = list(leases), set[str]()
        for start in range(0, len(codes), RENEW_BATCH):
            batch = codes[start:start + RENEW_BATCH]
            gone = await self._renew(keys=[_key("lease", code) for code in batch],
                                     args=[node, max(1, int(seconds * 1000)), *(leases[code] for code in batch)])
            lost.update(batch[int(i) - 1] for i in gone)  # Lua counts from 1
        return lost

    async def admit(self, address: str, per_minute: int, per_address: int) -> str | None:
        made, opened = _address_keys(address)
        held = await self._admit(keys=[made, opened], args=[per_minute, per_address, secrets.token_hex(8),
                                                            f"{PREFIX}room:"])
        return {0: None, 1: "minute", 2: "open"}[int(held)]

    async def opened(self, address: str, code: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            key = _address_keys(address)[1]
            pipe.sadd(key, room_code(code))
            pipe.expire(key, OPEN_KEPT)
            await pipe.execute()

    async def release(self, code: str, node: str, fence: int) -> None:
        await self._release(keys=[_key("lease", code)], args=[f"{node}:{fence}"])

    async def announce(self, node: str, url: str, seconds: float) -> None:
        await self.redis.set(f"{PREFIX}node:{node}", url, px=max(1, int(seconds * 1000)))

    async def withdraw(self, node: str) -> None:
        await self.redis.delete(f"{PREFIX}node:{node}")

    async def owner(self, code: str) -> str | None:
        held = await self.redis.get(_key("lease", code))
        if held is None:
            return None
        url = await self.redis.get(f"{PREFIX}node:{held.rpartition(':')[0]}")
        return None if url is None else str(url)

    async def close(self) -> None:
        await self.redis.aclose()
