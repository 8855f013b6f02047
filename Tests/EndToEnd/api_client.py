"""A JSON API client for tests that checks every exchange against openapi.yaml.

Each request (unless a test sends bad input on purpose) and every response is validated
with openapi-core against the description kept in the repository, and the operations
seen are recorded, so a test can require that every documented operation was exercised.
"""
import base64
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request

import yaml

from openapi_core import OpenAPI
from openapi_core.datatypes import RequestParameters
from werkzeug.datastructures import Headers, ImmutableMultiDict

SPEC_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "jadwald", "Resources", "openapi.yaml")
SPEC = OpenAPI.from_file_path(SPEC_PATH)
with open(SPEC_PATH) as _file:
    _DOCUMENT = yaml.safe_load(_file)
OPERATIONS = {(method.upper(), "/api/v1" + path)
              for path, item in _DOCUMENT["paths"].items()
              for method in item if method in ("get", "post", "patch", "put", "delete")}
SEEN = set()


def template_of(path):
    """The documented path template a concrete path matches."""
    for _method, template in OPERATIONS:
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, path):
            return template
    return None


class _Request:
    def __init__(self, base, method, path, headers, body, content_type):
        path, _, query = path.partition("?")
        self.host_url = base
        self.path = path
        self.full_url_pattern = base + path
        self.method = method.lower()
        self.parameters = RequestParameters(query=ImmutableMultiDict(urllib.parse.parse_qsl(query)), header=Headers(headers),
                                            cookie=ImmutableMultiDict())
        self.content_type = content_type or ""
        self.body = body


class _Response:
    def __init__(self, status, headers, data):
        self.status_code = status
        self.headers = Headers(headers)
        self.content_type = headers.get("Content-Type", "").lower()
        self.data = data


class Reply:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body)


class ApiClient:
    def __init__(self, base):
        self.base = base

    @staticmethod
    def basic(user, password):
        return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    @staticmethod
    def bearer(token):
        return "Bearer " + token

    def call(self, method, path, body=None, auth=None, raw=None, content_type="application/json", check_request=True, headers=None):
        """Sends one request to /api/v1 + path and returns the Reply, after validating it."""
        full = "/api/v1" + path
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = dict(headers or {})
        if data is not None and content_type:
            headers["Content-Type"] = content_type
        if auth:
            headers["Authorization"] = auth
        request = urllib.request.Request(self.base + full, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                reply = Reply(response.status, dict(response.headers), response.read())
        except urllib.error.HTTPError as error:
            reply = Reply(error.code, dict(error.headers), error.read())
        template = template_of(full.partition("?")[0])
        assert template is not None, f"{method} {full} is not in openapi.yaml"
        assert (method, template) in OPERATIONS, f"{method} {template} is not in openapi.yaml"
        SEEN.add((method, template))
        spec_request = _Request(self.base, method, full, headers, data, headers.get("Content-Type"))
        # A request without credentials is documented only as a 401, not as a valid request.
        if check_request and (auth or path.startswith("/auth/")):
            SPEC.validate_request(spec_request)
        SPEC.validate_response(spec_request, _Response(reply.status, reply.headers, reply.body))
        if reply.status >= 400:
            error = reply.json()
            assert set(error) == {"error", "message"} and error["message"], error
        return reply
