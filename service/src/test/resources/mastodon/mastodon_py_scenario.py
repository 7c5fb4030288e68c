"""The daily loop of a Mastodon app, driven by Mastodon.py (Debian's python3-mastodon) against the service.

Run by MastodonClientsContract: argv = base URL, then two users' handles and their password. Prints one line per
step and exits non-zero at the first step that does not hold. A person's part (typing the password into the
authorization page and copying the code) is played by posting the page's form.
"""
import re
import sys
import time

import requests
from mastodon import Mastodon

base, handle_a, handle_b, password = sys.argv[1:5]
SCOPES = ["read", "write", "follow", "push"]


def step(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + str(detail)), flush=True)
    if not ok:
        sys.exit(1)


def signed_in(handle):
    client_id, client_secret = Mastodon.create_app("Mastodon.py scenario", scopes=SCOPES, api_base_url=base)
    app = Mastodon(client_id=client_id, client_secret=client_secret, api_base_url=base)
    url = app.auth_request_url(scopes=SCOPES)
    query = dict(pair.split("=", 1) for pair in url.split("?", 1)[1].split("&"))
    form = {k: requests.utils.unquote(v.replace("+", " ")) for k, v in query.items()}
    form.update({"handle": handle, "password": password, "decision": "approve"})
    page = requests.post(base + "/oauth/authorize", data=form, allow_redirects=False)
    code = re.search(r'<code id="code">([^<]+)</code>', page.text)
    step("authorization page shows a code for " + handle, page.status_code == 200 and code, page.text[:300])
    app.log_in(code=code.group(1), scopes=SCOPES)
    return app


ada = signed_in(handle_a)
bob = signed_in(handle_b)
step("the version is parsed", ada.retrieve_mastodon_version() is not None and ada.version_check_worked)

me = ada.account_verify_credentials()
step("verify_credentials names the user", me.username == handle_a, me)
bob_id = bob.account_verify_credentials().id

relationship = ada.account_follow(bob_id)
step("follow", relationship.following, relationship)
step("relationships", ada.account_relationships(bob_id)[0].following)

posted = [bob.status_post("post %d from Mastodon.py #scenario" % i, idempotency_key="scenario-%d" % i) for i in range(5)]
again = bob.status_post("post 4 from Mastodon.py #scenario", idempotency_key="scenario-4")
step("an idempotency key answers the same status", again.id == posted[4].id, (again.id, posted[4].id))
step("ids come back as numbers", isinstance(posted[0].id, int))

page = ada.timeline_home(limit=2)
step("home's first page is the newest", [s.id for s in page] == [posted[4].id, posted[3].id], [s.id for s in page])
older = ada.fetch_next(page)
step("fetch_next pages down", [s.id for s in older] == [posted[2].id, posted[1].id], older)
newer = ada.fetch_previous(older)
step("fetch_previous pages up", [s.id for s in newer] == [posted[4].id, posted[3].id], newer)
step("created_at is a datetime", hasattr(page[0].created_at, "year"), page[0].created_at)

# A sign-up is listed in the directory off the request, by the service's event log (the deadline as below).
deadline = time.monotonic() + 180
found = []
while time.monotonic() < deadline:
    found = ada.search_v2(handle_b.upper(), result_type="accounts").accounts
    if found:
        break
    time.sleep(0.5)
step("search finds an account by its handle", [a.id for a in found] == [bob_id], found)
typed = ada.account_search("@" + handle_b[:-1], limit=5)
step("account search completes a handle", bob_id in [a.id for a in typed], typed)
tags = ada.search_v2("#Scenario").hashtags
step("search names a hashtag in use", [t.name for t in tags] == ["scenario"], tags)
step("search finds no statuses: post text is not indexed", ada.search_v2("post").statuses == [])

favourited = ada.status_favourite(posted[0].id)
step("favourite", favourited.favourited and favourited.favourites_count == 1, favourited)
reblog = ada.status_reblog(posted[0].id)
step("reblog wraps the status", reblog.reblog.id == posted[0].id, reblog)
shown = ada.status(posted[0].id)
step("the status says I reblogged it", shown.reblogged and shown.reblogs_count == 1, shown)
rebloggers = ada.status_reblogged_by(posted[0].id)
step("reblogged_by names me", [a.id for a in rebloggers] == [me.id], rebloggers)

# Notifications are worked off the request by the service's event log: Bob is told of Ada's follow, favourite and
# reblog within seconds alone; the deadline allows for a loaded machine running the whole suite.
deadline = time.monotonic() + 180
kinds = set()
while time.monotonic() < deadline:
    kinds = {n.type for n in bob.notifications()}
    if {"follow", "favourite", "reblog"} <= kinds:
        break
    time.sleep(0.5)
step("notifications tell of the follow, favourite and reblog", {"follow", "favourite", "reblog"} <= kinds, kinds)
first = bob.notifications(limit=1)
step("notifications page with fetch_next", len(first) == 1 and len(bob.fetch_next(first)) == 1, first)
favourite = [n for n in bob.notifications(types=["favourite"])]
step("a favourite names who and what", len(favourite) == 1 and favourite[0].account.id == me.id
     and favourite[0].status.id == posted[0].id, favourite)

undone = ada.status_unreblog(posted[0].id)
step("unreblog takes it back", not undone.reblogged and undone.reblogs_count == 0, undone)

ada.revoke_access_token()
try:
    ada.account_verify_credentials()
    step("a revoked token is refused", False, "it was taken")
except Exception as e:  # MastodonUnauthorizedError
    step("a revoked token is refused", type(e).__name__ == "MastodonUnauthorizedError", e)
print("scenario passed")
