"""Run inside a venv where the example package pachisi-dash is installed
(tests/test_external_game.py): the game it adds through the "pachisi.games"
entry point, played through the web app's API and both RL environments.
Prints one JSON line of what happened."""
import json
import sys

import numpy as np
from fastapi.testclient import TestClient

from pachisi.games import GAMES
from pachisi.rl.envs import PachisiEnv, PachisiGymEnv
from pachisi.web import Settings, create_app

out = {"games": list(GAMES)}

# the web app: a hot-seat room of Dash, played to its end over the WebSocket
settings = Settings(database_url=f"sqlite:///{sys.argv[1]}/rooms.db", bot_delay=0.0, create_rate=0.0, rate=1000.0,
                    burst=1000, dice_seed=1)
with TestClient(create_app(settings)) as client:
    lobby = client.get("/api/lobby")
    out["lobby"] = [g["name"] for g in lobby.json()["games"]] if lobby.status_code == 200 else lobby.text
    r = client.post("/api/rooms", json={"game": "dash", "seats": [{"kind": "local", "name": "A"},
                                                                   {"kind": "local", "name": "B"}]})
    assert r.status_code == 201, r.text
    room = r.json()
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        state, moves, errors = None, 0, []
        for _ in range(5000):
            m = ws.receive_json()
            if m["type"] == "error":
                errors.append(m)
            if m["type"] != "state" or (state is not None and m["seq"] <= state["seq"]):
                continue
            state = m
            if state["room"]["status"] == "over":
                break
            turn = state["turn"]
            action = "roll" if turn["phase"] == "roll" else state["moves"][0]["t"]
            moves += action != "roll"
            ws.send_json({"type": "act", "seq": state["seq"], "action": action})
    out["web"] = {"over": state["room"]["status"] == "over", "winner": state["winner"], "moves": moves,
                  "errors": errors}

# both RL environments, to the end of an episode
env = PachisiGymEnv("dash", opponents="level2")
obs, info = env.reset(seed=3)
steps, done = 0, False
while not done:
    obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    done, steps = term or trunc, steps + 1
out["gym"] = {"steps": steps, "reward": reward, "shape": list(obs.shape)}
aec = PachisiEnv("dash", players=3)
aec.reset(seed=3)
for agent in aec.agent_iter(10_000):
    observation, reward, term, trunc, info = aec.last()
    aec.step(None if term or trunc else int(np.flatnonzero(observation["action_mask"])[0]))
out["aec"] = {"winner": aec.table.state.winner}
print(json.dumps(out))
