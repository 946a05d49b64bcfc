import type { GraftFile } from '@graftmatch/domain';
import { useEffect, useState } from 'react';
import { fetchFile } from './api';

/** Per file name: a blob URL, or null when the image could not be loaded. Missing while loading. */
export type ObjectUrls = Readonly<Record<string, string | null>>;

/**
 * Fetches a kind's files with the bearer header and hands them out as blob URLs (an <img src>
 * cannot send the header, and no token may travel in a URL). A failed load stays silent (spec §8);
 * the URLs are revoked when the list changes or the page closes.
 */
export function useObjectUrls(type: string, lot: string, files: readonly GraftFile[]): ObjectUrls {
  const [urls, setUrls] = useState<ObjectUrls>({});
  const names = files.map((file) => file.name).join('\n');
  useEffect(() => {
    const abort = new AbortController();
    const made: string[] = [];
    setUrls({});
    for (const name of names ? names.split('\n') : []) {
      fetchFile(type, name, lot, abort.signal).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          made.push(url);
          setUrls((current) => ({ ...current, [name]: url }));
        },
        () => {
          if (!abort.signal.aborted) {
            setUrls((current) => ({ ...current, [name]: null }));
          }
        },
      );
    }
    return () => {
      abort.abort();
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [type, lot, names]);
  return urls;
}
