import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shop/domain/order';
import {
  decodePendingRecharge,
  encodePendingRecharge,
  isPhoneBrowser,
  isSandboxPayLink,
  nextPollDelay,
  orderPollOutcome,
  parseRechargeAmount,
  paymentStep,
  preferredMethod,
  QR_POLL,
  RECHARGE_PRESETS,
  rechargeMethods,
  rechargePollOutcome,
  RETURN_POLL,
  shortfallFen,
  shortfallTopUp,
  type PollSchedule,
} from './payment';

describe('rechargeMethods', () => {
  const config = (alipay: number, wechat: number) => ({
    balance_alipay_switch: alipay,
    balance_wechat_switch: wechat,
  });

  it('offers the methods whose balance_* switch is on, Alipay first', () => {
    expect(rechargeMethods(config(1, 1))).toEqual(['alipay', 'wechat']);
    expect(rechargeMethods(config(0, 1))).toEqual(['wechat']);
    expect(rechargeMethods(config(1, 0))).toEqual(['alipay']);
    expect(rechargeMethods(config(0, 0))).toEqual([]);
  });
});

describe('parseRechargeAmount', () => {
  it('takes whole yuan and up to two decimals, and sends two decimals', () => {
    expect(parseRechargeAmount('100')).toEqual({ ok: true, amount: '100.00', fen: 10_000 });
    expect(parseRechargeAmount('88.5')).toEqual({ ok: true, amount: '88.50', fen: 8_850 });
    expect(parseRechargeAmount(' 88.50 ')).toEqual({ ok: true, amount: '88.50', fen: 8_850 });
    expect(parseRechargeAmount('¥ 20')).toMatchObject({ ok: true, amount: '20.00' });
    expect(parseRechargeAmount('￥20.1')).toMatchObject({ ok: true, amount: '20.10' });
  });

  it('reads the full-width digits of a Chinese keyboard', () => {
    expect(parseRechargeAmount('１００．５')).toMatchObject({ ok: true, amount: '100.50' });
    expect(parseRechargeAmount('１，０００')).toMatchObject({ ok: true, amount: '1000.00' });
  });

  it('never goes through floating point', () => {
    // 0.1 + 0.2 style traps: 19.99 is exactly 1999 fen, 1.10 exactly 110.
    expect(parseRechargeAmount('19.99')).toMatchObject({ fen: 1_999, amount: '19.99' });
    expect(parseRechargeAmount('1.1')).toMatchObject({ fen: 110, amount: '1.10' });
  });

  it('keeps to ¥1.00 – ¥50,000.00, both ends included', () => {
    expect(parseRechargeAmount('1')).toMatchObject({ ok: true, fen: 100 });
    expect(parseRechargeAmount('1.00')).toMatchObject({ ok: true, fen: 100 });
    expect(parseRechargeAmount('50000')).toMatchObject({ ok: true, amount: '50000.00' });
    // Thousands separated as money is shown (decision 031).
    expect(parseRechargeAmount('¥50,000.00')).toMatchObject({ ok: true, amount: '50000.00' });
    expect(parseRechargeAmount('1,234.5')).toMatchObject({ ok: true, fen: 123_450 });
    expect(parseRechargeAmount('0.99')).toEqual({ ok: false, reason: 'range' });
    expect(parseRechargeAmount('0')).toEqual({ ok: false, reason: 'range' });
    expect(parseRechargeAmount('50000.01')).toEqual({ ok: false, reason: 'range' });
    expect(parseRechargeAmount('99999999')).toEqual({ ok: false, reason: 'range' });
  });

  it('refuses anything that is not a plain amount', () => {
    expect(parseRechargeAmount('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseRechargeAmount('   ')).toEqual({ ok: false, reason: 'empty' });
    for (const text of [
      '1.234',
      '-5',
      '1e3',
      '10,00',
      ',100',
      '1,0000',
      'abc',
      '.5',
      '5.',
      '100元',
      '0x10',
      '1 00',
    ]) {
      expect(parseRechargeAmount(text), text).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('every preset is a valid amount', () => {
    for (const preset of RECHARGE_PRESETS) expect(parseRechargeAmount(preset).ok, preset).toBe(true);
  });
});

describe('paymentStep', () => {
  it('Alipay leaves for pay_url', () => {
    expect(paymentStep({ no: 'P1', pay_url: 'https://pay.example/x' })).toEqual({
      kind: 'redirect',
      url: 'https://pay.example/x',
    });
  });

  it('WeChat Pay shows the QR image of code_url', () => {
    expect(
      paymentStep({
        no: 'P1',
        code_url: 'weixin://wxpay/bizpayurl?pr=x',
        qr_image: 'data:image/png;base64,AA',
      }),
    ).toEqual({
      kind: 'qr',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=x',
      image: 'data:image/png;base64,AA',
      no: 'P1',
    });
  });

  it('anything else is no step (nothing to show, nowhere to go)', () => {
    expect(paymentStep(null)).toEqual({ kind: 'none' });
    expect(paymentStep({ no: 'P1' })).toEqual({ kind: 'none' });
    expect(paymentStep({ code_url: 'weixin://x' })).toEqual({ kind: 'none' });
    // Only an image is put in <img src>.
    expect(paymentStep({ code_url: 'weixin://x', qr_image: 'javascript:alert(1)' })).toEqual({
      kind: 'none',
    });
  });
});

describe('isSandboxPayLink', () => {
  it('is true for the sandbox’s own pages only', () => {
    expect(isSandboxPayLink('http://localhost:3000/sandbox/wechat/qr/P1-100-abc')).toBe(true);
    expect(isSandboxPayLink('https://shop.example/sandbox/alipay/gateway.do?x=1')).toBe(true);
    expect(isSandboxPayLink('weixin://wxpay/bizpayurl?pr=abc')).toBe(false);
    expect(isSandboxPayLink('https://shop.example/user/sandbox/x')).toBe(false);
    expect(isSandboxPayLink('javascript:alert(1)//sandbox/')).toBe(false);
    expect(isSandboxPayLink('/sandbox/wechat/qr/x')).toBe(false);
    expect(isSandboxPayLink('')).toBe(false);
  });
});

describe('poll outcomes', () => {
  it('an order waits while unpaid, is paid from paid on, and is closed when cancelled', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderPollOutcome(s)]))).toEqual({
      pending_payment: 'waiting',
      paid: 'paid',
      delivering: 'paid',
      completed: 'paid',
      cancelled: 'closed',
      failed: 'paid',
      refunded: 'paid',
    });
  });

  it('a top-up waits until paid', () => {
    expect(rechargePollOutcome('pending')).toBe('waiting');
    expect(rechargePollOutcome('paid')).toBe('paid');
  });
});

describe('nextPollDelay', () => {
  /** Every check a schedule makes when nothing fails: the times they start at. */
  function checks(schedule: PollSchedule, failing = false): number[] {
    const at: number[] = [];
    let elapsed = 0;
    let failures = 0;
    for (;;) {
      const delay = nextPollDelay(schedule, elapsed, failures);
      if (delay === null) return at;
      elapsed += delay;
      at.push(elapsed);
      if (failing) failures++;
    }
  }

  it('the QR code is checked every 2 s for 10 minutes, then no more', () => {
    const at = checks(QR_POLL);
    expect(at.slice(0, 3)).toEqual([2_000, 4_000, 6_000]);
    expect(at).toHaveLength(300);
    expect(at.at(-1)).toBe(600_000);
  });

  it('backs off while checks fail: 4, 8, 16 s, then stays at 16 s', () => {
    expect(nextPollDelay(QR_POLL, 0, 1)).toBe(4_000);
    expect(nextPollDelay(QR_POLL, 0, 2)).toBe(8_000);
    expect(nextPollDelay(QR_POLL, 0, 3)).toBe(16_000);
    expect(nextPollDelay(QR_POLL, 0, 4)).toBe(16_000);
    expect(nextPollDelay(QR_POLL, 0, 1_000)).toBe(16_000);
    const failing = checks(QR_POLL, true);
    expect(failing.slice(0, 4)).toEqual([2_000, 6_000, 14_000, 30_000]);
    expect(failing.at(-1)).toBeLessThanOrEqual(600_000);
  });

  it('after a return from the provider: a few checks over 12 s', () => {
    expect(checks(RETURN_POLL)).toEqual([2_000, 4_000, 6_000, 8_000, 10_000, 12_000]);
  });

  it('nothing once the time is up', () => {
    expect(nextPollDelay(QR_POLL, 598_001, 0)).toBeNull();
    expect(nextPollDelay(QR_POLL, 598_000, 0)).toBe(2_000);
  });
});

describe('pending recharge memory', () => {
  const now = 1_800_000_000_000;
  const pending = { no: 'P2026112112345678901234', amount: '100.00', at: now - 60_000 };

  it('round-trips', () => {
    expect(decodePendingRecharge(encodePendingRecharge(pending), now)).toEqual(pending);
  });

  it('forgets it after 30 minutes', () => {
    expect(decodePendingRecharge(encodePendingRecharge({ ...pending, at: now - 30 * 60_000 }), now)).toEqual({
      ...pending,
      at: now - 30 * 60_000,
    });
    expect(
      decodePendingRecharge(encodePendingRecharge({ ...pending, at: now - 30 * 60_000 - 1 }), now),
    ).toBeUndefined();
  });

  it('ignores anything that is not one', () => {
    for (const text of [
      null,
      '',
      '{',
      'null',
      '"P2026112112345678901234"',
      JSON.stringify({ ...pending, no: 'P1' }),
      JSON.stringify({ ...pending, no: '../x' }),
      JSON.stringify({ ...pending, amount: 100 }),
      JSON.stringify({ ...pending, amount: '1e3' }),
      JSON.stringify({ ...pending, at: 'now' }),
      JSON.stringify({ ...pending, at: now + 1 }),
    ]) {
      expect(decodePendingRecharge(text, now), String(text)).toBeUndefined();
    }
  });
});

describe('a short balance at checkout (decision 032)', () => {
  const all = ['balance', 'alipay', 'wechat'] as const;

  it('never preselects a balance that does not cover the order while another method is offered', () => {
    expect(preferredMethod(all, true)).toBe('balance');
    expect(preferredMethod(all, undefined)).toBe('balance');
    expect(preferredMethod(all, false)).toBe('alipay');
    expect(preferredMethod(['balance', 'wechat'], false)).toBe('wechat');
    // Nothing else to choose: the balance stays (Pay then says why it cannot).
    expect(preferredMethod(['balance'], false)).toBe('balance');
    expect(preferredMethod(['alipay', 'wechat'], false)).toBe('alipay');
    expect(preferredMethod([], false)).toBeUndefined();
  });

  it('computes the shortfall in fen, never through floating point', () => {
    expect(shortfallFen('50.00', '89.00')).toBe(3_900);
    expect(shortfallFen('0.10', '0.30')).toBe(20);
    expect(shortfallFen('89.00', '89.00')).toBe(0);
    expect(shortfallFen('100.00', '89.00')).toBe(0);
    expect(shortfallFen('', '89.00')).toBeUndefined();
    expect(shortfallFen('50.00', 'abc')).toBeUndefined();
  });

  it('tops up the difference, at least ¥1.00, and nothing above ¥50,000.00', () => {
    expect(shortfallTopUp(3_900)).toEqual({ amount: '39.00', fen: 3_900 });
    expect(shortfallTopUp(1)).toEqual({ amount: '1.00', fen: 100 });
    expect(shortfallTopUp(99)).toEqual({ amount: '1.00', fen: 100 });
    expect(shortfallTopUp(5_000_000)).toEqual({ amount: '50000.00', fen: 5_000_000 });
    expect(shortfallTopUp(5_000_001)).toBeUndefined();
    expect(shortfallTopUp(0)).toBeUndefined();
    expect(shortfallTopUp(-5)).toBeUndefined();
  });
});

describe('isPhoneBrowser', () => {
  it('reads phones as the server does, except WeChat’s own browser', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(isPhoneBrowser(iphone)).toBe(true);
    expect(isPhoneBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36')).toBe(
      true,
    );
    expect(isPhoneBrowser(`${iphone} MicroMessenger/8.0.50`)).toBe(false);
    expect(isPhoneBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBe(false);
  });
});
