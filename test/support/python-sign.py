#!/usr/bin/env python3
"""Independent implementation of the request-signing scheme (Python hashlib/hmac, not our TypeScript).

Usage: python3 test/support/python-sign.py METHOD PATH CONTENT_TYPE DATE SECRET [BODY_FILE]
Prints two lines: the base64 Content-MD5 of the body, then the base64 HMAC-SHA256 signature.
With no arguments, prints them for the pinned vector of /work/shared/DESIGN.md.
"""
import base64
import hashlib
import hmac
import sys

VECTOR = ["GET", "/api/v1/applications/app_123/bundle?format=json", "application/json",
          "Sun, 22 Nov 2026 00:00:00 GMT", "<SIGNING_SECRET>"]


def sign(method, path, content_type, date, secret, body):
    content_md5 = base64.b64encode(hashlib.md5(body).digest()).decode()
    text = "\n".join([method.upper(), content_md5, content_type, date, path])
    digest = hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).digest()
    return content_md5, base64.b64encode(digest).decode()


def main(argv):
    args = argv[1:] or VECTOR
    body = b""
    if len(args) > 5:
        with open(args[5], "rb") as f:
            body = f.read()
    md5, sig = sign(*args[:5], body)
    print(md5)
    print(sig)


if __name__ == "__main__":
    main(sys.argv)
