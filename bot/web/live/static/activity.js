// The live table as a Discord Activity (bot/web/live/activity.py). Discord shows this
// page in an iframe on its own host and proxies every request to ours, so every URL
// here is relative to the page. The steps: the SDK's handshake, the user authorizes
// the application, the server exchanges the code for an access token (the client
// secret stays on the server), the SDK is authenticated with it, and then the table's
// own script (table.js) runs with its socket's hello saying who this is through Discord
// (the server asks Discord whose token it is: nothing here is taken on trust).
"use strict";

(function () {
  const meta = (name) => {
    const m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.getAttribute("content") : "";
  };
  const clientId = meta("discord-client-id");
  const scopes = meta("activity-scopes").split(" ").filter(Boolean);
  const query = new URLSearchParams(location.search);
  const lib = window.DiscordEmbeddedAppSDK;

  // A URL of ours, relative to this page: under Discord's URL mapping too. On Discord's
  // proxy host the page's own requests go under /.proxy/ — what Discord has long asked
  // for (the SDK's README still fetches /.proxy/api/token; newer proxies no longer
  // need it): the mapping "/" then reaches our server's own path.
  function ours(path) {
    const url = new URL(path, location.href);
    if (/\.discord(says|sez)\.com$/.test(url.hostname) && !url.pathname.startsWith("/.proxy/")) {
      url.pathname = "/.proxy" + url.pathname;
    }
    url.search = "";
    url.hash = "";
    return url;
  }

  function showConn(text) {
    const c = document.getElementById("conn");
    c.textContent = text;
    c.hidden = !text;
  }

  // Outside Discord (tests, development): the SDK's own mock, only when the server
  // put the activity-mock tag in the page (LIVE_ACTIVITY_MOCK=1 and ?mock=1). The
  // Discord side it fakes is what Discord's client would add to the URL.
  function makeSdk() {
    if (meta("activity-mock") !== "1") return new lib.DiscordSDK(clientId);
    const sdk = new lib.DiscordSDKMock(
      clientId,
      query.get("guild_id"),
      query.get("channel_id"),
      null
    );
    const code = query.get("code") || "mock_code";
    const locale = query.get("locale") || "";
    sdk._updateCommandMocks({
      authorize: async () => ({ code: code }),
      userSettingsGetLocale: async () => ({ locale: locale }),
    });
    return sdk;
  }

  async function login() {
    const sdk = makeSdk();
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: scopes,
    });
    const answer = await fetch(ours("api/token").href, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: code }),
      credentials: "same-origin",
    });
    if (!answer.ok) throw new Error("token exchange: " + answer.status);
    const { access_token } = await answer.json();
    await sdk.commands.authenticate({ access_token: access_token });
    let locale = "";
    try {
      locale = (await sdk.commands.userSettingsGetLocale()).locale || "";
    } catch (e) {
      locale = ""; // the server falls back to the user's Discord locale
    }
    const hello = { t: "hello", discord: { access_token: access_token, channel_id: sdk.channelId } };
    if (locale) hello.lang = locale;
    return hello;
  }

  // table.js opens its socket at /live/ws and says hello with a link's token; here
  // the socket is the one next to this page (ours) and its hello is the Discord one.
  // Every reconnect says the same.
  function useSocket(hello) {
    const Native = window.WebSocket;
    const url = ours("live/ws");
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    class ActivitySocket extends Native {
      constructor(_url, protocols) {
        super(url.href, protocols);
        this.greeted = false;
      }
      send(data) {
        if (!this.greeted) {
          this.greeted = true;
          let first = null;
          try {
            first = JSON.parse(data);
          } catch (e) {
            first = null;
          }
          if (first && first.t === "hello") data = JSON.stringify(hello);
        }
        super.send(data);
      }
    }
    window.WebSocket = ActivitySocket;
  }

  function startTable() {
    const script = document.createElement("script");
    script.src = "live/static/table.js";
    document.head.appendChild(script);
  }

  login().then(
    (hello) => {
      useSocket(hello);
      startTable();
    },
    (err) => {
      console.warn("activity: no login: " + (err && err.message)); // never a token
      showConn(meta("activity-failed"));
    }
  );
})();
