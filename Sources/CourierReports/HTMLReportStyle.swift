/// The stylesheet and the little script of an ``HTMLReport``, inline: system fonts, colours
/// for light and dark (`prefers-color-scheme`), and filter buttons that the script shows —
/// without it every request is listed and `<details>` still open and close.
package enum HTMLReportStyle {
    /// A page's start, up to its `<main>`: `title` escaped, `css` inline, and `policy` as its
    /// Content-Security-Policy (no fetches in any report).
    package static func pageStart(title: String, css: String, policy: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(policy)">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="Courier">
        <title>\(HTMLReport.escape(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        <main>

        """
    }

    /// Hidden until the script shows it: without the script, it would do nothing.
    static let filterBar = """
        <div class="filters" id="filters" hidden>
        <button type="button" data-filter="all" aria-pressed="true">All</button>
        <button type="button" data-filter="failed" aria-pressed="false">Failed</button>
        <button type="button" data-filter="passed" aria-pressed="false">Passed</button>
        <button type="button" data-filter="skipped" aria-pressed="false">Skipped</button>
        <span class="spacer"></span>
        <button type="button" data-expand="open">Expand all</button>
        <button type="button" data-expand="close">Collapse all</button>
        </div>

        """

    static let script = """
        (function () {
          var bar = document.getElementById('filters');
          if (!bar) return;
          bar.hidden = false;
          var requests = document.querySelectorAll('details.request');
          bar.addEventListener('click', function (event) {
            var button = event.target.closest('button');
            if (!button) return;
            if (button.dataset.expand) {
              requests.forEach(function (r) { if (r.style.display !== 'none') r.open = button.dataset.expand === 'open'; });
              return;
            }
            var filter = button.dataset.filter;
            bar.querySelectorAll('[data-filter]').forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
            requests.forEach(function (r) { r.style.display = filter === 'all' || r.dataset.outcome === filter ? '' : 'none'; });
            document.querySelectorAll('section.target').forEach(function (s) {
              var shown = Array.prototype.some.call(s.querySelectorAll('details.request'), function (r) { return r.style.display !== 'none'; });
              s.style.display = shown ? '' : 'none';
            });
          });
        })();
        """

    package static let css = """
        :root {
          color-scheme: light dark;
          --bg: #f6f7f9; --panel: #ffffff; --panel-2: #f0f2f5; --text: #1d2330; --muted: #667085; --border: #dde1e7;
          --good: #16803c; --good-bg: #e7f6ec; --bad: #c4291c; --bad-bg: #fdecea; --warn: #a15c00; --warn-bg: #fff4e0;
          --skip: #7a8294; --skip-bg: #eef0f3; --accent: #3656d3; --on-accent: #ffffff; --code-bg: #f3f4f7;
          --dns: #13a3b5; --connect: #f29d38; --tls: #a15bd6; --send: #8a94a6; --wait: #3f7be8; --receive: #2bb673;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0f1218; --panel: #171b23; --panel-2: #1f2530; --text: #e4e8ef; --muted: #9aa4b5; --border: #2c3340;
            --good: #4cc274; --good-bg: #14301f; --bad: #ff6b5e; --bad-bg: #3a1714; --warn: #f0b24a; --warn-bg: #352710;
            --skip: #8d96a8; --skip-bg: #232935; --accent: #7d97ff; --on-accent: #0f1218; --code-bg: #11151c;
          }
        }
        * { box-sizing: border-box; }
        html { background: var(--bg); }
        body { margin: 0; color: var(--text); background: var(--bg);
          font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", sans-serif; }
        main { max-width: 1160px; margin: 0 auto; padding: 28px 24px 48px; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        h1 { font-size: 26px; margin: 2px 0 12px; display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
        h2 { font-size: 17px; margin: 0 0 12px; }
        h2 .subtitle { font-size: 13px; font-weight: normal; color: var(--muted); margin-left: 8px; }
        h4 { font-size: 13px; margin: 16px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        h4 .muted { text-transform: none; letter-spacing: 0; font-weight: normal; }
        .muted { color: var(--muted); }
        .text-bad { color: var(--bad); font-weight: 600; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        .eyebrow { margin: 0; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .08em; }
        .verdict { font-size: 13px; padding: 3px 10px; border-radius: 999px; text-transform: uppercase; letter-spacing: .05em; }
        .verdict-passed { color: var(--good); background: var(--good-bg); }
        .verdict-failed { color: var(--bad); background: var(--bad-bg); }
        .meta { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px 20px; margin: 0 0 20px; }
        .meta .wide { grid-column: 1 / -1; }
        .meta div { min-width: 0; }
        .meta dt { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
        .meta dd { margin: 0; overflow-wrap: anywhere; }
        .summary { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin-bottom: 24px; }
        .card { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 12px 16px; border-top: 4px solid var(--skip); }
        .card.tone-good { border-top-color: var(--good); } .card.tone-bad { border-top-color: var(--bad); }
        .card-label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; }
        .card-value { font-size: 28px; font-weight: 650; line-height: 1.25; }
        .card.tone-bad .card-value { color: var(--bad); } .card.tone-good .card-value { color: var(--good); }
        .card-detail { color: var(--muted); font-size: 13px; }
        .outcome-bar { grid-column: 1 / -1; display: flex; height: 8px; border-radius: 4px; overflow: hidden; background: var(--panel-2); }
        .outcome-bar .tone-good { background: var(--good); } .outcome-bar .tone-bad { background: var(--bad); }
        .outcome-bar .tone-skip { background: var(--skip); }
        section.waterfall, section.target { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 16px 18px; margin-bottom: 20px; }
        .legend, .phase-figures { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; margin: 0 0 10px; color: var(--muted); font-size: 12px; }
        .phase-figures strong { color: var(--text); font-weight: 600; margin-left: 4px; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
        .phase-dns { background: var(--dns); } .phase-connect { background: var(--connect); } .phase-tls { background: var(--tls); }
        .phase-send { background: var(--send); } .phase-wait { background: var(--wait); } .phase-receive { background: var(--receive); }
        .wf-row { display: grid; grid-template-columns: minmax(140px, 260px) 1fr 84px; gap: 12px; align-items: center; padding: 3px 0; }
        .wf-row + .wf-row { border-top: 1px solid var(--border); }
        .wf-scale { color: var(--muted); font-size: 11px; border-top: 0 !important; }
        .wf-ticks { display: flex; justify-content: space-between; }
        .wf-name { color: var(--text); text-decoration: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .wf-name:hover { color: var(--accent); }
        .wf-track { display: flex; height: 14px; background: var(--panel-2); border-radius: 3px; overflow: hidden; }
        .wf-track .phase { min-width: 2px; }
        .wf-total { text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); font-size: 12px; }
        .phases { margin: 10px 0 4px; } .phases .wf-track { margin-bottom: 6px; max-width: 560px; }
        .outcome-passed .mark { color: var(--good); } .outcome-failed .mark { color: var(--bad); } .outcome-skipped .mark { color: var(--skip); }
        .target h2 { display: flex; align-items: baseline; gap: 10px; }
        .kind { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); border: 1px solid var(--border); border-radius: 4px; padding: 1px 6px; }
        .count { margin-left: auto; font-weight: normal; font-size: 12px; color: var(--muted); }
        .filters { display: flex; gap: 6px; margin: 0 0 14px; align-items: center; }
        .filters .spacer { flex: 1; }
        .filters button { font: inherit; font-size: 13px; color: var(--text); background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 4px 12px; cursor: pointer; }
        .filters button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
        .step { margin: 12px 0 6px; font-size: 13px; color: var(--muted); }
        .step-title { color: var(--text); font-weight: 600; }
        .step-state { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; padding: 1px 6px; border-radius: 4px; background: var(--skip-bg); }
        .state-succeeded .step-state { color: var(--good); background: var(--good-bg); } .state-failed .step-state { color: var(--bad); background: var(--bad-bg); }
        .step-index { font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .05em; }
        details.request { border: 1px solid var(--border); border-left: 4px solid var(--skip); border-radius: 8px; margin: 8px 0; background: var(--panel); }
        details.request.outcome-passed { border-left-color: var(--good); }
        details.request.outcome-failed { border-left-color: var(--bad); }
        details.request > summary { cursor: pointer; padding: 9px 12px; display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; list-style: none; }
        details.request[open] > summary { border-bottom: 1px solid var(--border); background: var(--panel-2); border-radius: 4px 8px 0 0; }
        details.request > summary::-webkit-details-marker { display: none; }
        details.request > summary::before { content: "▸"; color: var(--muted); width: 10px; }
        details.request[open] > summary::before { content: "▾"; }
        details.request > summary .mark { font-weight: 700; width: 1em; text-align: center; }
        .name { font-weight: 600; }
        .method { font: 600 11px/1.6 ui-monospace, "DejaVu Sans Mono", monospace; padding: 0 6px; border-radius: 4px; background: var(--panel-2); color: var(--accent); border: 1px solid var(--border); }
        .status { font-variant-numeric: tabular-nums; font-weight: 600; }
        .status-2xx { color: var(--good); } .status-3xx { color: var(--accent); } .status-4xx, .status-5xx, .status-error { color: var(--bad); }
        .figures { color: var(--muted); font-size: 13px; margin-left: auto; font-variant-numeric: tabular-nums; }
        .pill { font-size: 12px; padding: 1px 8px; border-radius: 999px; font-weight: 600; }
        .pill.tone-good { color: var(--good); background: var(--good-bg); } .pill.tone-bad { color: var(--bad); background: var(--bad-bg); }
        .request-body { padding: 6px 14px 14px; }
        .url { margin: 8px 0; overflow-wrap: anywhere; }
        .callout { border-radius: 6px; padding: 8px 12px; margin: 8px 0; overflow-wrap: anywhere; }
        .callout.tone-bad { background: var(--bad-bg); color: var(--bad); }
        .callout.tone-skip { background: var(--skip-bg); } .callout.tone-warn { background: var(--warn-bg); color: var(--warn); }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--border); }
        thead th { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); font-weight: 600; }
        td code, th code { overflow-wrap: anywhere; }
        .checks .mark-col { width: 28px; text-align: center; font-weight: 700; }
        .check-passed .mark { color: var(--good); } .check-failed .mark { color: var(--bad); }
        .check-failed { background: var(--bad-bg); }
        .check-failed .actual code { color: var(--bad); font-weight: 600; }
        .check-detail { font-size: 12px; color: var(--muted); margin-top: 2px; }
        .check-failed .actual .check-detail code { color: var(--text); font-weight: normal; }
        .schema-location { color: var(--text); }
        .where { color: var(--muted); white-space: nowrap; }
        table.pairs th { width: 220px; font-weight: 500; color: var(--muted); font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        details.message { margin: 10px 0 0; border: 1px solid var(--border); border-radius: 6px; }
        details.message > summary { cursor: pointer; padding: 6px 10px; font-weight: 600; }
        details.message[open] > summary { border-bottom: 1px solid var(--border); }
        details.message table, details.message p { margin: 0; padding: 0 10px; }
        pre.body { margin: 0; padding: 10px 12px; background: var(--code-bg); max-height: 420px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; border-radius: 0 0 6px 6px; }
        footer { color: var(--muted); font-size: 12px; text-align: center; margin-top: 28px; }
        @media (max-width: 760px) { .summary { grid-template-columns: repeat(2, 1fr); } .wf-row { grid-template-columns: 110px 1fr 64px; } }
        @media print { details.request { break-inside: avoid; } .filters { display: none; } }
        """
}
