"""The deployment behind a reverse proxy (docs/web.md, issue 15): the nginx site of the docs, run as it is
written (only its ports and folders changed), in front of `pachisi serve --trusted-proxies 127.0.0.1`.

Through it a game is played over the WebSocket upgrade, and the app's per-address budgets apply to each
client's own address (nginx's X-Forwarded-For), not to the proxy's: one client guessing room codes is
stopped while another client of the same proxy is not.  Needs nginx (.ci/run installs Debian's)."""
import asyncio
import json
import os
from pathlib import Path
import re
import shutil
import subprocess
import time

import httpx
import pytest
from websockets.asyncio.client import connect

from pachisi.web.testing import LiveServer, free_port

pytestmark = pytest.mark.timeout(1800)                # a bound on a hang
ROOT = Path(__file__).resolve().parent.parent


def nginx_binary():
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")     # a PATH without sbin
    if not found:
        if os.environ.get("CI"):
            pytest.fail("nginx is missing: .ci/run installs Debian's nginx")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return found


def docs_site():
    """The nginx site of docs/web.md."""
    block = re.search(r"```nginx\n(.*?)```", (ROOT / "docs" / "web.md").read_text(encoding="utf-8"), re.S)
    assert block, "docs/web.md has an nginx example"
    return block.group(1)


def nginx_conf(folder, site, listen, upstream):
    """A whole nginx.conf around the docs' site: its ports and an unprivileged prefix are all that change."""
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    site = site.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
    temps = "\n".join(f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                       "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (f"{user}daemon off;\nworker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            f"events {{}}\nhttp {{\naccess_log off;\n{temps}\n{site}\n}}\n")


@pytest.fixture
def proxied(tmp_path):
    """(the proxy's URL, the server behind it)."""
    nginx = nginx_binary()
    with LiveServer(f"sqlite:///{tmp_path}/web.db", extra_args=("--trusted-proxies", "127.0.0.1")) as srv:
        listen = free_port()
        conf = tmp_path / "nginx.conf"
        conf.write_text(nginx_conf(tmp_path, docs_site(), listen, srv.port))
        proc = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(conf)], stderr=subprocess.PIPE)
        url = f"http://127.0.0.1:{listen}"
        try:
            deadline = time.monotonic() + 300           # a bound on a hang: nginx starts slowly under load
            while True:
                assert proc.poll() is None, proc.stderr.read().decode(errors="replace")
                try:
                    if httpx.get(url + "/api/lobby", timeout=60).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "nginx did not answer"
                time.sleep(0.1)
            yield url, srv
        finally:
            proc.terminate()
            proc.wait(timeout=300)


def test_the_docs_site_proxies_the_api_and_a_game_over_the_websocket(proxied):
    url, _ = proxied

    async def play():
        async with httpx.AsyncClient(base_url=url) as http:
            r = await http.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "local"}, {"kind": "local"}]})
            assert r.status_code == 201
            room = r.json()
        async with connect(url.replace("http", "ws") + f"/ws/{room['code']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": room["token"]}))
            seen = []
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 300))
                seen.append(msg["type"])
                if msg["type"] == "state":
                    break
            await ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": "roll"}))
            while True:
                after = json.loads(await asyncio.wait_for(ws.recv(), 300))
                if after["type"] == "state" and after["seq"] > msg["seq"]:
                    break
        return seen, msg, after

    seen, before, after = asyncio.run(play())
    assert seen[0] == "welcome"
    assert before["turn"]["phase"] == "roll"
    assert after["last"]["k"] == "roll" and after["seq"] == before["seq"] + 1


def test_behind_the_proxy_each_client_has_its_own_budget_of_room_lookups(proxied):
    url, _ = proxied
    guesser = httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address="127.0.0.5"))
    other = httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address="127.0.0.6"))
    with guesser, other:
        answers = [guesser.get(f"/api/rooms/ZZZ{n:03d}").status_code for n in range(25)]
        assert answers[:20] == [404] * 20           # the lookup budget: 20 at once (docs/web.md)
        assert answers[20:] == [429] * 5
        assert other.get("/api/rooms/ZZZ999").status_code == 404    # not the proxy's address: its own budget
        assert other.get("/api/lobby").status_code == 200
