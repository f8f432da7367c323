// The pictures the Site content forms know by id: those the server sent
// with a collection and those the picker listed or uploaded since.
import { createContext, useContext } from 'react';
import type { MediaRef } from '@/lib/site-data';

export interface MediaIndex {
  byId: Record<string, MediaRef>;
  add: (refs: MediaRef[]) => void;
}

export const MediaContext = createContext<MediaIndex>({ byId: {}, add: () => undefined });

export function useMediaIndex(): MediaIndex {
  return useContext(MediaContext);
}
