// A drawn portrait for a person whose photo has not been uploaded: a
// head and shoulders on a circle of the given hue. Decorative; the card
// shows the name as text.
export function Avatar({ hue, size = 120 }: { hue: number; size?: number }) {
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="60" fill={`hsl(${hue} 55% 86%)`} />
      <circle cx="60" cy="47" r="21" fill={`hsl(${hue} 35% 42%)`} />
      <path d="M22 104c4-22 20-33 38-33s34 11 38 33a60 60 0 0 1-76 0z" fill={`hsl(${hue} 40% 34%)`} />
      <path d="M53 32c4-6 10-6 14 0" stroke="#fff" strokeOpacity=".55" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}
