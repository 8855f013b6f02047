"""The daemon as an operator meets it: configuration file, environment and flags in that
order, TLS, Prometheus metrics, structured logs, graceful shutdown, refused settings."""
import json
import os
import signal
import ssl
import subprocess
import time
import urllib.request

from datetime import datetime, timezone

import caldav

from conftest import free_port


def start(binary, data_dir, *args, env=None):
    log = open(os.path.join(data_dir, "daemon.log"), "wb")
    process = subprocess.Popen([binary, "serve", *args], stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ, **(env or {})})
    return process


def wait_for(url, context=None, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1, context=context) as response:
                return response.read().decode()
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


def make_certificate(directory):
    key, cert = os.path.join(directory, "key.pem"), os.path.join(directory, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    return cert, key


def test_file_environment_flags_tls_metrics_logs_and_sigterm(server, tmp_path):
    server.stop()
    cert, key = make_certificate(str(tmp_path))
    file_port, env_port = free_port(), free_port()
    config = tmp_path / "jadwald.toml"
    config.write_text(f'# written by the test\nport = {file_port}\nhost = "127.0.0.1"\n\n[tls]\n'
                      f'certificate = "{cert}"\nkey = "{key}"\n\n[log]\nformat = "json"\n')
    # The environment overrides the file's port; the flag overrides both data directories.
    process = start(server.binary, server.data_dir, "--config", str(config), "--data", server.data_dir,
                    env={"JADWAL_PORT": str(env_port), "JADWAL_DATA": str(tmp_path / "elsewhere")})
    try:
        context = ssl.create_default_context(cafile=cert)
        url = f"https://127.0.0.1:{env_port}"
        assert wait_for(url + "/healthz", context) == "ok\n"
        client = caldav.DAVClient(url=url + "/", username="amal", password="amal-password-1", ssl_verify_cert=cert)
        calendar = client.principal().calendar(cal_id="calendar")
        calendar.save_event(dtstart=datetime(2026, 12, 1, 10, tzinfo=timezone.utc), dtend=datetime(2026, 12, 1, 11, tzinfo=timezone.utc),
                            summary="over TLS", uid="tls-1")
        assert [str(o.icalendar_component["SUMMARY"]) for o in calendar.objects()] == ["over TLS"]
        metrics = wait_for(url + "/metrics", context)
        assert 'jadwal_http_requests_total{method="PUT",status="201"} 1' in metrics
        assert 'jadwal_http_request_duration_seconds_bucket{method="PROPFIND",le="+Inf"}' in metrics
        assert "process_resident_memory_bytes" in metrics
        assert not os.path.exists(tmp_path / "elsewhere")
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    lines = [json.loads(line) for line in open(os.path.join(server.data_dir, "daemon.log")) if line.startswith("{")]
    puts = [line for line in lines if line.get("msg") == "request" and line.get("method") == "PUT"]
    assert puts and puts[0]["status"] == "201" and puts[0]["path"] == "/dav/calendars/amal/calendar/tls-1.ics"
    assert all({"time", "level", "msg"} <= set(line) for line in lines)


def test_bad_settings_are_refused_before_serving(server, tmp_path):
    def refused(*args, env=None, text=None):
        config = tmp_path / "bad.toml"
        config.write_text(text or "")
        result = subprocess.run([server.binary, "serve", "--config", str(config), *args], capture_output=True, text=True,
                                timeout=30, env={**os.environ, **(env or {})})
        assert result.returncode != 0
        return result.stderr

    assert "line 1: a value is a" in refused(text="port = eighty\n")
    assert "prot is not a setting" in refused(text="prot = 80\n")
    assert "JADWAL_PORT must be a whole number" in refused(env={"JADWAL_PORT": "http"})
    assert "TLS needs both" in refused(text='[tls]\ncertificate = "/nonexistent.pem"\n')
    assert "cannot load the TLS certificate" in refused(text='[tls]\ncertificate = "/nonexistent.pem"\nkey = "/nonexistent.pem"\n')
    assert "cannot read the configuration file" in subprocess.run(
        [server.binary, "serve", "--config", str(tmp_path / "missing.toml")], capture_output=True, text=True, timeout=30).stderr
