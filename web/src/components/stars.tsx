// A five-star rating, read out as one phrase.
import { t } from '@/i18n';

export function Stars({ count }: { count: number }) {
  return (
    <span className="stars" role="img" aria-label={t('common.stars', { count })}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill={i < count ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      ))}
    </span>
  );
}
