/** The × button of a dialog; its place and look come from the dialog's `className`. */
export function CloseButton({
  label,
  size,
  className,
  onClick,
}: {
  /** What a screen reader says, e.g. 关闭. */
  label: string;
  /** Of the cross, in px. */
  size: number;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
