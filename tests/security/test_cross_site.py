"""Another site's page cannot change anything in the cardroom, in a real Chromium.

The attacks: a plain HTML form on another site POSTed to `/api/tables/<id>/identity`,
and the browser kept the new identity cookie from the answer, so the host lost the host's
rights; a `text/plain` form (its body shaped as JSON) created tables. Now a state-changing
request must come from the cardroom's own origin (Origin and Sec-Fetch-Site) and carry
JSON; refusals are 403 or 415 with a sentence, and change nothing. Pages elsewhere are
served by a second server: `localhost` is another site than `127.0.0.1`, and another
port of 127.0.0.1 is the same site but another origin (it gets the cookies).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.browser import by
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("cross-site") / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{database}") as running:
        yield running


class OtherSite:
    """A second web server on another port: it serves whatever ``pages`` holds."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path, "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def form(self, name: str, action: str, fields: str = "", enctype: str = "") -> str:
        """A page that submits its form as soon as it loads; returns its path."""
        kind = f' enctype="{enctype}"' if enctype else ""
        self.pages[f"/{name}.html"] = (
            f'<form id="f" method="POST" action="{action}"{kind}>{fields}</form>'
            '<script>document.getElementById("f").submit()</script>'
        )
        return f"/{name}.html"


@pytest.fixture(scope="module")
def other_site() -> Iterator[OtherSite]:
    site = OtherSite()
    yield site
    site.httpd.shutdown()


def create_in_lobby(page: Page, base: str) -> str:
    """The host creates a table with the lobby's own form (its script sends JSON)."""
    page.goto(f"{base}/")
    by(page, "opt-name").fill("Friday")
    by(page, "create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return page.url.rsplit("/", 1)[1]


def identity_cookie(page: Page, base: str, table_id: str) -> str:
    found = [c for c in page.context.cookies(base) if c["name"] == f"holdem_{table_id}"]
    assert len(found) == 1, found
    assert found[0]["sameSite"] == "Lax" and found[0]["httpOnly"]
    return found[0]["value"]


@pytest.mark.parametrize("site_host", ["localhost", "127.0.0.1"], ids=["cross-site", "same-site"])
def test_a_form_elsewhere_cannot_replace_the_hosts_identity(
    chromium_browser: Browser, server: ServerProcess, other_site: OtherSite, site_host: str
) -> None:
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        table_id = create_in_lobby(page, server.url)
        expect(by(page, "host-start")).to_be_visible()
        before = identity_cookie(page, server.url, table_id)
        path = other_site.form(
            f"identity-{site_host}", f"{server.url}/api/tables/{table_id}/identity"
        )
        with page.expect_navigation(url=re.compile(r"/identity$")) as navigation:
            page.goto(f"http://{site_host}:{other_site.port}{path}")
        answer = navigation.value
        assert answer is not None and answer.status == 403
        assert "another site" in answer.json()["error"]
        assert identity_cookie(page, server.url, table_id) == before
        page.goto(f"{server.url}/t/{table_id}")
        expect(by(page, "connection")).to_have_attribute("data-state", "open")
        expect(by(page, "host-start")).to_be_visible()  # still the host
    finally:
        context.close()


def test_a_text_plain_form_elsewhere_creates_no_table(
    chromium_browser: Browser, server: ServerProcess, other_site: OtherSite
) -> None:
    before = httpx.get(server.url + "/api/tables").json()
    # text/plain sends `name=value`: the body reads {"name":"Pwned="}, which is JSON.
    field = """<input name='{"name":"Pwned' value='"}'>"""
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        for host in ("localhost", "127.0.0.1"):
            path = other_site.form(
                f"create-{host}", f"{server.url}/api/tables", field, "text/plain"
            )
            with page.expect_navigation(url=re.compile(r"/api/tables$")) as navigation:
                page.goto(f"http://{host}:{other_site.port}{path}")
            answer = navigation.value
            assert answer is not None and answer.status == 403, host
    finally:
        context.close()
    assert httpx.get(server.url + "/api/tables").json() == before


def test_programs_without_origin_are_welcome_but_forms_are_not(server: ServerProcess) -> None:
    tables = len(httpx.get(server.url + "/api/tables").json())
    created = httpx.post(server.url + "/api/tables", json={"name": "By a program"})
    assert created.status_code == 201
    table_id = created.json()["id"]
    identity = f"{server.url}/api/tables/{table_id}/identity"
    assert httpx.post(identity).status_code == 200  # no body, no Origin: a program
    form = httpx.post(identity, data={"a": "b"})  # a form's type, even without an Origin
    assert form.status_code == 415 and "as JSON" in form.json()["error"]
    plain = httpx.post(
        server.url + "/api/tables",
        content=b'{"name":"Pwned="}',
        headers={"Content-Type": "text/plain"},
    )
    assert plain.status_code == 415
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": f"http://127.0.0.1:{server.port + 1}"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ):
        refused = httpx.post(identity, headers=headers)
        assert refused.status_code == 403, headers
        assert refused.json()["error"].startswith("this request comes from another site")
    same = httpx.post(identity, headers={"Origin": server.url, "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 200
    assert len(httpx.get(server.url + "/api/tables").json()) == tables + 1


def test_the_page_cookie_is_lax_and_http_only(server: ServerProcess) -> None:
    table_id = httpx.post(server.url + "/api/tables", json={"name": "Cookies"}).json()["id"]
    cookie = httpx.get(f"{server.url}/t/{table_id}").headers["set-cookie"].lower()
    assert "samesite=lax" in cookie and "httponly" in cookie
