/**
 * The loading and error views' look, shared by the modal and the inline error view. Apart from modal-styles.ts, so an
 * inline journey does not load the modal's styles (they travel in the lazily loaded modal chunk).
 */
export type Style = Record<string, string | number>;

export const statusStyle: Style = {
  position: 'absolute',
  inset: '0',
  zIndex: '1',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '12px',
  padding: '24px',
  font: '16px/1.4 system-ui, sans-serif',
  color: '#111827',
  background: '#fff',
  textAlign: 'center',
};

export const retryStyle: Style = {
  padding: '8px 16px',
  border: '1px solid #111827',
  borderRadius: '6px',
  background: '#fff',
  font: 'inherit',
  cursor: 'pointer',
};
