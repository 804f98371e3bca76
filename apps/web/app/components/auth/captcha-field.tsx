import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { api } from '../../lib/api';

export type Captcha = EndpointData<typeof endpoints.captcha>;

/** Body code of the API's "captcha required" (login and password change, after 3 failures). */
export const CAPTCHA_REQUIRED = 40_001;

/** Loads a fresh image captcha from GET /api/front/app/captcha while active; refresh() gets another. */
export function useCaptcha(active: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!active) return;
    let live = true;
    api.call(endpoints.captcha).then(
      (next) => live && setCaptcha(next),
      () => live && setCaptcha(null), // the client showed why
    );
    return () => {
      live = false;
    };
  }, [active, round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { captcha, refresh };
}

/** The picture code: the image (click to get another) and its input. */
export function CaptchaField({
  captcha,
  onRefresh,
  autoFocus,
}: {
  captcha: Captcha | null;
  onRefresh: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="captcha-code" className="mb-1.5 block text-sm font-medium text-stone-800">
        {t('auth.captcha')}
      </label>
      <div className="flex gap-2">
        <input
          id="captcha-code"
          name="captcha_code"
          required
          autoComplete="off"
          maxLength={8}
          autoFocus={autoFocus}
          placeholder={t('auth.captchaPlaceholder')}
          className="input h-11 min-w-0 flex-1"
        />
        <button
          type="button"
          onClick={onRefresh}
          title={t('auth.captchaRefresh')}
          aria-label={t('auth.captchaRefresh')}
          className="h-11 w-32 shrink-0 overflow-hidden rounded-lg border border-stone-300 bg-orange-50"
        >
          {captcha ? (
            <img
              src={captcha.image}
              alt={t('auth.captchaImage')}
              width={128}
              height={44}
              className="h-full w-full"
            />
          ) : null}
        </button>
      </div>
    </div>
  );
}
