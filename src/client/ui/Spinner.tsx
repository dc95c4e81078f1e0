// The full-screen loading spinner, above everything (spec: layer 2147483647, styles/app.css).
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="spinner-layer" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
