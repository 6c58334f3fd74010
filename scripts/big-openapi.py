#!/usr/bin/env python3
"""An OpenAPI 3.1 document of N operations (GET /thingsI and /thingsI/{id}), each 200 with a schema of
PROPS properties, for measuring contract loads: scripts/big-openapi.py 2000 > api.yaml (1.2 MB);
scripts/big-openapi.py 2000 350 > big.yaml (30 MB). RELIABILITY.md (#41 11c) has the figures."""
import sys
n = int(sys.argv[1]); props = int(sys.argv[2]) if len(sys.argv) > 2 else 8
out = ["openapi: 3.1.0", "info: {title: big, version: \"1\"}", "servers: [{url: 'http://127.0.0.1:1/api'}]", "paths:"]
for i in range(n // 2):
    out += [f"  /things{i}:", "    get:", "      responses:", "        \"200\":", "          description: ok",
            "          content:", "            application/json:", f"              schema: {{$ref: '#/components/schemas/Thing{i}'}}",
            f"  /things{i}/{{id}}:", "    get:", "      responses:", "        \"200\":", "          description: ok",
            "          content:", "            application/json:", f"              schema: {{$ref: '#/components/schemas/Thing{i}'}}",
            "        \"404\": {$ref: '#/components/responses/Missing'}"]
out += ["components:", "  responses:", "    Missing: {description: missing}", "  schemas:"]
for i in range(n // 2):
    out += [f"    Thing{i}:", "      type: object", "      required: [id]", "      properties:"]
    out += [f"        p{j}: {{type: string, description: 'property {j} of thing {i} with some text'}}" for j in range(props)]
    out += ["        id: {type: integer}"]
print("\n".join(out))
