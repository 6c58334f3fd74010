"""Calls a running `courier mock` with Python's requests and validates every answer with
openapi-core against the OpenAPI document it was made from. Prints one JSON object:
{"calls": [{"method", "path", "status", "valid", "error", "elapsed_ms", "body"}]}.

Usage: check_with_openapi_core.py BASE_URL OPENAPI_FILE [CA_FILE]
"""
import json
import sys
import time

import requests
from openapi_core import OpenAPI
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse

base, document = sys.argv[1], sys.argv[2]
verify = sys.argv[3] if len(sys.argv) > 3 else True
openapi = OpenAPI.from_file_path(document)
session = requests.Session()
calls = [
    ("GET", "/pets", {}, None),
    ("GET", "/pets?limit=5", {}, None),
    ("GET", "/pets/7", {}, None),
    ("GET", "/pets/8", {"Prefer": "example=tom"}, None),
    ("GET", "/pets/9", {"Prefer": "code=404"}, None),
    ("POST", "/pets", {}, {"name": "Kit"}),
    ("POST", "/pets", {"Prefer": "code=422"}, {"name": "Kit"}),
    ("GET", "/stats", {}, None),
    ("GET", "/health", {}, None),
]
results = []
for method, path, headers, body in calls:
    started = time.monotonic()
    response = session.request(method, base + path, headers=headers, json=body, verify=verify, timeout=30)
    elapsed = (time.monotonic() - started) * 1000
    error = None
    try:
        openapi.validate_response(RequestsOpenAPIRequest(response.request), RequestsOpenAPIResponse(response))
    except Exception as exception:  # noqa: BLE001 - the test reports whatever openapi-core says
        error = "%s: %s" % (type(exception).__name__, exception)
        if getattr(exception, "__cause__", None) is not None:
            error += " (%s)" % exception.__cause__
    results.append({"method": method, "path": path, "status": response.status_code, "valid": error is None, "error": error,
                    "elapsed_ms": elapsed, "body": response.text, "http": response.raw.version})
unknown = session.get(base + "/owners", verify=verify, timeout=30)
results.append({"method": "GET", "path": "/owners", "status": unknown.status_code, "valid": None, "error": None,
                "elapsed_ms": 0, "body": unknown.text, "http": unknown.raw.version})
print(json.dumps({"calls": results}))
