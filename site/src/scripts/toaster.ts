import { $toasts, dismissToast, type Toast } from '../stores/toasts';

const region = document.getElementById('toasts');
const timers = new Map<string, number>();

function render(toasts: readonly Toast[]) {
  if (!region) return;
  region.replaceChildren(
    ...toasts.map((toast) => {
      const item = document.createElement('div');
      item.className = `toast toast--${toast.kind}`;
      item.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast__close';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(close);
      return item;
    }),
  );
  for (const toast of toasts) {
    if (!timers.has(toast.id)) {
      const wait = Math.max(0, toast.expiresAt - Date.now());
      timers.set(
        toast.id,
        window.setTimeout(() => {
          timers.delete(toast.id);
          dismissToast(toast.id);
        }, wait),
      );
    }
  }
}

$toasts.subscribe(render);
