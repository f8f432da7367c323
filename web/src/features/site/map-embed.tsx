// The contact page's map: an OpenStreetMap frame that loads only when the
// visitor presses the button, so no third-party request happens by default.
import { useState } from 'react';
import { Icon } from '@/components/icon';
import { t } from '@/i18n';

export function MapEmbed({ lat, lon, zoom, label, buttonText, note }: { lat: number; lon: number; zoom: number; label: string; buttonText: string; note: string }) {
  const [shown, setShown] = useState(false);
  const d = 0.01 * (16 / zoom);
  const bbox = [lon - d, lat - d / 2, lon + d, lat + d / 2].map((n) => n.toFixed(4)).join(',');
  const src = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
  const full = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
  return (
    <div className="map-box">
      {shown ? (
        <iframe className="map-frame" title={t('map.title', { label })} src={src} width={600} height={360} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className="map-placeholder">
          <Icon name="pin" size={40} />
          <p>{note}</p>
          <button type="button" className="btn btn-primary" onClick={() => setShown(true)}>
            {buttonText}
          </button>
        </div>
      )}
      <p>
        <a href={full} rel="noopener noreferrer" target="_blank">
          {t('map.open', { label })}
          <span className="visually-hidden">{t('common.newTab')}</span>
        </a>
      </p>
    </div>
  );
}
