/*
 * The sandbox cashier (decision 048): the page a provider shows the buyer, plain server-rendered
 * HTML in Chinese. It says plainly that it is the sandbox: nothing is charged.
 */

export interface CashierPage {
  /** 支付宝, 微信支付. */
  providerTitle: string;
  subject: string;
  amountYuan: string;
  /** Where 确认付款 and 取消 post, and the hidden fields they carry. */
  confirmAction: string;
  cancelAction: string;
  fields: Readonly<Record<string, string>>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;background:#f3f5f8;color:#1f2329;
    font:16px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;
    display:flex;align-items:flex-start;justify-content:center;padding:48px 16px}
  main{width:100%;max-width:420px;background:#fff;border-radius:12px;
    box-shadow:0 4px 24px rgba(0,0,0,.08);overflow:hidden}
  header{background:#1677ff;color:#fff;padding:16px 24px;display:flex;justify-content:space-between;
    align-items:center}
  header h1{margin:0;font-size:20px;font-weight:600}
  header span{font-size:13px;opacity:.9}
  section{padding:24px}
  dl{margin:0 0 8px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
  dt{color:#646a73}
  dd{margin:0;text-align:right;word-break:break-all}
  .amount{text-align:center;margin:16px 0 24px}
  .amount small{display:block;color:#646a73;font-size:14px}
  .amount strong{font-size:40px;font-weight:600;color:#1f2329}
  .actions{display:flex;gap:12px}
  .actions form{flex:1;margin:0}
  button{width:100%;min-height:48px;border-radius:8px;font-size:17px;cursor:pointer;
    border:1px solid #d0d3d6;background:#fff;color:#1f2329}
  button.pay{background:#1677ff;border-color:#1677ff;color:#fff;font-weight:600}
  button:focus-visible{outline:3px solid #91caff;outline-offset:2px}
  p.note{margin:16px 0 0;font-size:13px;color:#8f959e;text-align:center}
`;

function layout(title: string, providerTitle: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(title)}</h1><span>${escapeHtml(providerTitle)} · 沙箱</span></header>
<section>${body}</section>
</main>
</body>
</html>`;
}

const hidden = (fields: Readonly<Record<string, string>>): string =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');

/** 收银台: the merchant, the subject and the amount; 确认付款 or 取消. */
export function cashierHtml(page: CashierPage): string {
  return layout(
    '收银台',
    page.providerTitle,
    `<dl><dt>商户</dt><dd>Melon</dd><dt>商品</dt><dd>${escapeHtml(page.subject)}</dd></dl>
<div class="amount"><small>应付金额</small><strong>¥${escapeHtml(page.amountYuan)}</strong></div>
<div class="actions">
<form method="post" action="${escapeHtml(page.cancelAction)}">${hidden(page.fields)}<button type="submit">取消</button></form>
<form method="post" action="${escapeHtml(page.confirmAction)}">${hidden(page.fields)}<button type="submit" class="pay" autofocus>确认付款</button></form>
</div>
<p class="note">这是开发与演示用的沙箱收银台，不会真实扣款。</p>`,
  );
}

/** A page that only says something (the trade closed, the request was refused). */
export function noticeHtml(providerTitle: string, message: string, backUrl?: string): string {
  const back = backUrl ? `<p class="note"><a href="${escapeHtml(backUrl)}">返回商户</a></p>` : '';
  return layout('收银台', providerTitle, `<p>${escapeHtml(message)}</p>${back}`);
}
