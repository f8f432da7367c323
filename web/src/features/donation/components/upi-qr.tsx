// The UPI QR code as an SVG drawn in the browser. This module is loaded only
// by the donation page, on its own, so the QR code library never reaches the
// home page's first render.
import { QRCodeSVG } from 'qrcode.react';

export default function UpiQr({ link, label }: { link: string; label: string }) {
  return (
    <QRCodeSVG
      value={link}
      size={208}
      level="M"
      marginSize={4}
      role="img"
      aria-label={label}
      className="upi-qr-code"
    />
  );
}
