/** A static drawing of the property map for the feature pitch; the real map lives on /properties. */
export function MapIllustration({ className }: { className?: string }) {
  const pins = [
    { x: 118, y: 96, colour: '#0f5f5c' },
    { x: 214, y: 150, colour: '#0f5f5c' },
    { x: 300, y: 84, colour: '#b9680c' },
    { x: 346, y: 196, colour: '#0f5f5c' },
    { x: 160, y: 226, colour: '#b9680c' },
  ];
  return (
    <svg
      viewBox="0 0 480 320"
      width={480}
      height={320}
      role="img"
      aria-label="Drawing of a street map with pins marking homes to rent"
      className={className}
    >
      <rect width="480" height="320" rx="16" fill="#eefaf8" />
      <path d="M0 250 C 90 220, 160 290, 260 250 S 420 200, 480 230 L480 320 L0 320 Z" fill="#bfdbfe" />
      <rect x="360" y="40" width="90" height="70" rx="10" fill="#bbf7d0" />
      <rect x="40" y="150" width="70" height="50" rx="8" fill="#bbf7d0" />
      <g stroke="#ffffff" strokeWidth="10" strokeLinecap="round" fill="none">
        <path d="M0 130 H480" />
        <path d="M180 0 V320" />
        <path d="M20 40 L460 280" />
        <path d="M320 0 C 300 120, 380 180, 420 320" />
      </g>
      <g stroke="#cbd5e1" strokeWidth="3" fill="none">
        <path d="M0 70 H480" />
        <path d="M90 0 V320" />
        <path d="M260 0 V230" />
        <path d="M0 190 H330" />
      </g>
      {pins.map((pin) => (
        <g key={`${pin.x}-${pin.y}`} transform={`translate(${pin.x} ${pin.y})`}>
          <path d="M0 0 C -14 -18, -14 -34, 0 -34 C 14 -34, 14 -18, 0 0 Z" fill={pin.colour} />
          <circle cx="0" cy="-23" r="5" fill="#ffffff" />
        </g>
      ))}
      <g transform="translate(24 22)">
        <rect width="170" height="36" rx="18" fill="#ffffff" stroke="#cbd5e1" />
        <circle cx="22" cy="18" r="7" fill="none" stroke="#334155" strokeWidth="2.5" />
        <path d="M27 23 L33 29" stroke="#334155" strokeWidth="2.5" strokeLinecap="round" />
        <text x="44" y="23" fontSize="14" fontFamily="sans-serif" fill="#334155">
          SW1A · 2 beds
        </text>
      </g>
    </svg>
  );
}
