# Varnish 7 in front of the shop's nginx (deploy/nginx-blue-green.conf), a shared cache for anonymous
# catalogue pages (docs/decisions/049-shared-http-cache-varnish.md). Debian: `apt-get install varnish
# varnish-modules` (xkey is in varnish-modules); run it as
#
#   varnishd -a :80 -f /etc/varnish/default.vcl -s malloc,256m
#
# with nginx moved to 127.0.0.1:8080 (the backend below) and the shops started with
# CACHE_PURGE_URL=http://127.0.0.1:80 (this Varnish, from the shops' machine: see `purgers`).
#
# It normalises a request exactly as the shop's own cache does (app/lib/page-params.ts,
# app/utils/rendered-pages.server.ts), so both keep one copy per page:
# - ad-click ids and campaign tags (fbclid, gclid, utm_*, …) are taken out of the address, and what is
#   left of the query is sorted;
# - cookies the shop does not own (_fbp, _ga, …) are dropped; a request with one of the shop's own cookies
#   (its session and device cookies, named by cookieName(): __Host-joyeria_* over HTTPS, __joyeria_*
#   otherwise) is personal and goes to the shop uncached (`pass`), and nothing it answers is stored;
# - only what the shop declares public (`Cache-Control: public, s-maxage=…`) is stored, for s-maxage,
#   tagged with its `xkey` header (the products it shows: p<id>, and `all`);
# - the shop purges those tags after every catalogue change: `PURGE` with an `xkey-purge` header, from an
#   address of `purgers` only.
vcl 4.1;

import std;
import xkey;

backend default {
  .host = "127.0.0.1";
  .port = "8080";
}

# Who may purge: the shops' machines (the instances send their purges from there).
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge header required"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.x-purged));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }

  # Ad-click ids and campaign tags never make a page (the shop's TRACKING_PARAMS, utm_* by prefix).
  if (req.url ~ "\?") {
    set req.url = regsuball(req.url, "([?&])(utm_[^=&]*|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_hsenc|_hsmi|igshid|yclid|epik|srsltid|_ga|_gl)(=[^&]*)?(?=&|$)", "\1");
    set req.url = regsuball(req.url, "&{2,}", "&");
    set req.url = regsub(req.url, "\?&+", "?");
    set req.url = regsub(req.url, "[?&]+$", "");
    set req.url = std.querysort(req.url);
  }

  if (req.http.Cookie) {
    # One of the shop's own cookies: a signed-in shopper or a device the shop follows. Never from cache.
    if (req.http.Cookie ~ "(^|;)\s*__(Host-)?joyeria_[A-Za-z0-9_]+=") {
      return (pass);
    }
    # Anything else (analytics, the pixel's _fbp, a consent banner's) changes nothing the shop renders.
    unset req.http.Cookie;
  }
  return (hash);
}

sub vcl_backend_response {
  # Keep only what the shop calls public; anything else (private, no-store, a redirect without a policy,
  # a response setting a cookie) is fetched every time for 2 minutes without being queued behind others.
  if (beresp.http.Cache-Control !~ "\bpublic\b" || beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
}

sub vcl_deliver {
  # The tags are for this cache only; which copy answered is for the operator (and the tests).
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  if (obj.uncacheable) {
    set resp.http.X-Varnish-Cache = "pass";
  } elsif (obj.hits > 0) {
    set resp.http.X-Varnish-Cache = "hit";
  } else {
    set resp.http.X-Varnish-Cache = "miss";
  }
}
