"""Tokens only this cardroom can have issued: random bytes and their HMAC.

The key is the cardroom's own secret, made once and kept in its database, so a token
proves where it came from with no table of the tokens issued, and survives a restart.
A string the cardroom never issued is no identity at all.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

from holdem.server.store import Store

NONCE_BYTES = 24
MAC_BYTES = 16
SECRET_SETTING = "token_secret"
TOKEN_CHARACTERS = 54  # base64url of NONCE_BYTES + MAC_BYTES, unpadded


class TokenSigner:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    @classmethod
    async def of(cls, store: Store) -> TokenSigner:
        """The signer of the cardroom whose database is ``store`` (its secret made once)."""
        secret = await store.setting(SECRET_SETTING, lambda: secrets.token_hex(32))
        return cls(bytes.fromhex(secret))

    def issue(self) -> str:
        nonce = secrets.token_bytes(NONCE_BYTES)
        return base64.urlsafe_b64encode(nonce + self._mac(nonce)).decode().rstrip("=")

    def issued(self, token: str) -> bool:
        """Whether this cardroom issued ``token``."""
        if len(token) != TOKEN_CHARACTERS:
            return False
        try:
            raw = base64.urlsafe_b64decode(token + "==")
        except (binascii.Error, ValueError):
            return False
        nonce, mac = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
        return len(mac) == MAC_BYTES and hmac.compare_digest(mac, self._mac(nonce))

    def _mac(self, nonce: bytes) -> bytes:
        return hmac.new(self._secret, nonce, hashlib.sha256).digest()[:MAC_BYTES]
