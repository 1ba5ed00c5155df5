#!/usr/bin/env python3
"""An independent client of the documented signing scheme: signs with hmac/hashlib and sends with urllib.

Usage: python3 test/sandbox/sign.py ORIGIN METHOD PATH TOKEN_ID SECRET [BODY] [--tamper]
--tamper changes one byte of the body after signing. Prints the HTTP status, then the response body.
"""
import base64
import email.utils
import hashlib
import hmac
import sys
import urllib.error
import urllib.request


def main(argv):
    tamper = "--tamper" in argv
    args = [a for a in argv[1:] if a != "--tamper"]
    origin, method, path, token_id, secret = args[:5]
    body = args[5].encode("utf-8") if len(args) > 5 else b""
    content_type = "application/json"
    date = email.utils.formatdate(usegmt=True)
    content_md5 = base64.b64encode(hashlib.md5(body).digest()).decode()
    text = "\n".join([method.upper(), content_md5, content_type, date, path])
    signature = base64.b64encode(hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()).decode()
    if tamper:
        body = body[:-2] + bytes([body[-2] ^ 0x01]) + body[-1:]
    request = urllib.request.Request(origin + path, data=body if method != "GET" else None, method=method, headers={
        "Date": date,
        "Content-MD5": content_md5,
        "Content-Type": content_type,
        "Authorization": "HMAC %s:%s" % (token_id, signature),
    })
    try:
        with urllib.request.urlopen(request) as response:
            status, payload = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, payload = error.code, error.read()
    print(status)
    print(payload.decode("utf-8"))


if __name__ == "__main__":
    main(sys.argv)
