import type { PublicDisposal } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';

/** The reserve price when the seller set one, otherwise "best offer". */
export function PriceText({ asset }: { asset: PublicDisposal }) {
  const { t, i18n } = useTranslation('asset-sales');
  const reserve = Number(asset.reserve_price);
  if (!(reserve > 0)) return <>{t('card.bestOffer')}</>;
  return (
    <>
      {t('card.reserve', {
        amount: formatMoney(reserve, asset.currency, i18n.resolvedLanguage ?? 'en'),
      })}
    </>
  );
}
