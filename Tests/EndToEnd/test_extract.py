"""`jadwald extract` over labelled exports, with the built-in extractor and with an
OpenAI-compatible endpoint served by the test."""
import http.server
import json
import os
import subprocess
import threading

import pytest

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "ExtractionTests", "Fixtures", "shared")
LABELS = json.load(open(os.path.join(FIXTURES, "labels.json")))


def extract(server_binary, path, *args, config=None, tmp_path=None):
    command = [server_binary, "extract", path, *args]
    if config is not None:
        file = tmp_path / "jadwal.toml"
        file.write_text(config)
        command += ["--config", str(file)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.fixture
def binary(request):
    return os.path.abspath(request.config.getoption("--jadwald"))


@pytest.mark.parametrize("label", LABELS, ids=[label["file"] for label in LABELS])
def test_the_builtin_extractor_prints_what_the_labels_say(binary, label):
    result = extract(binary, os.path.join(FIXTURES, label["file"]), "--owner", label["owner"], "--tz", label["tz"])
    assert result.returncode == 0, result.stderr
    judged = json.loads(result.stdout)
    assert set(judged) == {"status", "event"}
    assert judged["status"] == label["status"]
    if label["event"] is None:
        assert judged["event"] is None
        return
    event, expected = judged["event"], label["event"]
    assert set(event) == {"title", "start_date", "end_date", "start_time", "end_time", "location"}
    for key in ("start_date", "end_date", "start_time", "end_time"):
        assert event[key] == expected[key], (key, event, expected)
    assert any(word in event["title"].lower() for word in expected["title_keywords"]), event["title"]


class FakeCompletions(http.server.BaseHTTPRequestHandler):
    """Answers POST /v1/chat/completions from a script: a list of (status, content)."""
    script = []
    requests = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeCompletions.requests.append((self.path, dict(self.headers), body))
        status, content = FakeCompletions.script.pop(0) if FakeCompletions.script else (500, None)
        answer_completion(self, status, content)

    def log_message(self, *args):
        pass


def answer_completion(handler, status, content):
    """Writes a chat-completions answer carrying `content`, or an error when it is None."""
    payload = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]} if content is not None
                         else {"error": {"message": "down"}}).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(payload)))
    handler.end_headers()
    handler.wfile.write(payload)


@pytest.fixture
def completions(tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeCompletions)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    FakeCompletions.script, FakeCompletions.requests = [], []
    key = tmp_path / "llm-key"
    key.write_text("sk-test-123\n")
    config = (f'[extraction.llm]\nbase_url = "http://127.0.0.1:{server.server_port}/v1"\nmodel = "test-model"\n'
              f'api_key_file = "{key}"\ntimeout = 5\n')
    yield config
    server.shutdown()


def test_the_llm_extractor_asks_the_endpoint_and_validates_its_answer(binary, completions, tmp_path):
    p01 = os.path.join(FIXTURES, "p01.txt")
    answer = {"status": "HAS_EVENT_AGREED", "event": {"title": "Help Zaid move", "start_date": "2026-11-28", "end_date": None,
                                                       "start_time": "9:00", "end_time": "13:00", "location": "Al Olaya"}}
    FakeCompletions.script = [(200, "```json\n" + json.dumps(answer) + "\n```")]
    result = extract(binary, p01, "--owner", "Karim", "--tz", "Asia/Riyadh", "--extractor", "llm", config=completions, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"status": "HAS_EVENT_AGREED", "event": {
        "title": "Help Zaid move", "start_date": "2026-11-28", "end_date": "2026-11-28", "start_time": "09:00", "end_time": "13:00",
        "location": "Al Olaya"}}
    [(path, headers, body)] = FakeCompletions.requests
    assert path == "/v1/chat/completions" and headers["Authorization"] == "Bearer sk-test-123" and body["model"] == "test-model"
    prompt = "\n".join(message["content"] for message in body["messages"])
    assert "Can you help from 9 till 1?" in prompt and "<date>2026-11-25</date>" in prompt and "end-to-end encrypted" not in prompt

    # Down, or answering nonsense: the built-in extractor answers instead.
    for script in ([(500, None)] * 3, [(200, "not json"), (200, '{"status": "MAYBE"}')]):
        FakeCompletions.script, FakeCompletions.requests = list(script), []
        fallback = extract(binary, p01, "--owner", "Karim", "--tz", "Asia/Riyadh", "--extractor", "llm", config=completions, tmp_path=tmp_path)
        builtin = extract(binary, p01, "--owner", "Karim", "--tz", "Asia/Riyadh")
        assert fallback.returncode == 0 and json.loads(fallback.stdout) == json.loads(builtin.stdout)
        assert len(FakeCompletions.requests) == len(script)
        assert "sk-test-123" not in fallback.stderr


def test_bad_input_gets_a_clear_error(binary, tmp_path):
    garbage = tmp_path / "notes.txt"
    garbage.write_text("shopping list\nmilk\n")
    result = extract(binary, str(garbage), "--owner", "Karim")
    assert result.returncode != 0 and "export" in result.stderr.lower()
    result = extract(binary, os.path.join(FIXTURES, "p01.txt"), "--owner", "Karim", "--now", "tomorrow")
    assert result.returncode != 0 and "--now" in result.stderr
    result = extract(binary, os.path.join(FIXTURES, "p01.txt"), "--owner", "Karim", "--tz", "Mars/Olympus")
    assert result.returncode != 0


class OracleCompletions(http.server.BaseHTTPRequestHandler):
    """A model that knows the labels: finds which labelled chat the prompt carries and answers
    its label, except for one chat, where it answers NO_EVENT. Stands for a local model server
    (llama.cpp, Ollama, vLLM) behind the same protocol."""
    wrong = "p02.txt"

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = "\n".join(message["content"] for message in body["messages"])
        label = next(label for label in LABELS if distinctive_line(label["file"]) in prompt)
        answer = {"status": "NO_EVENT", "event": None}
        if label["file"] != OracleCompletions.wrong:
            event = label["event"]
            answer = {"status": label["status"], "event": event and {
                "title": event["title_keywords"][0], "start_date": event["start_date"], "end_date": event["end_date"],
                "start_time": event["start_time"], "end_time": event["end_time"], "location": None}}
        answer_completion(self, 200, json.dumps(answer))

    def log_message(self, *args):
        pass


def distinctive_line(file):
    """The longest message text of a labelled export, which no other chat has."""
    lines = open(os.path.join(FIXTURES, file), encoding="utf-8").read().splitlines()
    return max((line.split(": ", 2)[-1] for line in lines), key=len)


def test_the_llm_path_is_measured_like_the_builtin_one(binary, tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OracleCompletions)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # A local server needs no key.
        config = f'[extraction.llm]\nbase_url = "http://127.0.0.1:{server.server_port}/v1"\nmodel = "local"\ntimeout = 5\n'
        file = tmp_path / "jadwal.toml"
        file.write_text(config)
        result = subprocess.run([binary, "extract", "--eval", FIXTURES, "--extractor", "llm", "--config", str(file)],
                                capture_output=True, text=True, timeout=300)
    finally:
        server.shutdown()
    assert result.returncode == 0, result.stderr
    wrong = next(label for label in LABELS if label["file"] == OracleCompletions.wrong)
    right = len(LABELS) - (wrong["status"] != "NO_EVENT")
    accuracy = f"{right / len(LABELS):.2f}"
    assert f"| all | {len(LABELS)} | {accuracy} |" in result.stdout, result.stdout
    assert f"- {OracleCompletions.wrong}" in result.stdout and "llm" in result.stdout.splitlines()[0]
