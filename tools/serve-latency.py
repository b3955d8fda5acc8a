#!/usr/bin/env python3
"""Median answer times of a running `ayla serve`, for docs and notes.

Usage: ayla serve --port 0 &   then   python3 tools/serve-latency.py PORT

Posts each request 20 times (a golden Kpé record of 73 plies read whole,
the same game replayed with its last ply's animation frames, and a game of
one ply) and prints the median time of each, in milliseconds.
"""
import json
import sys
import time
import urllib.request
from pathlib import Path

port = sys.argv[1]
text = (Path(__file__).parent.parent / "tests/golden/kpe/01-capturer-seed2.rec").read_text()


def post(path, body):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    return json.load(urllib.request.urlopen(req))


plies = post("/api/record", {"text": text})["request"]["plies"]
for name, path, body in [
    ("/api/record, 73 plies", "/api/record", {"text": text}),
    ("/api/game, 73 plies and frames", "/api/game", {"variant": "kpe", "plies": plies, "frames": True}),
    ("/api/game, 1 ply", "/api/game", {"variant": "kpe", "plies": plies[:1]}),
]:
    times = []
    for _ in range(20):
        t = time.perf_counter()
        post(path, body)
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"{name}: median {times[10] * 1000:.1f} ms")
