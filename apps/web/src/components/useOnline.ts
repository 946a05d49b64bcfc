import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app reaches the server now: TanStack Query's network state, which pauses reads and refuses writes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
