import { useEffect } from 'react';
import { useApp } from '../stores/app';

/** Spec §1: the page title is "<page title> - <site name>". */
export function usePageTitle(title: string) {
  const websiteName = useApp((state) => state.websiteName);
  useEffect(() => {
    document.title = websiteName ? `${title} - ${websiteName}` : title;
  }, [title, websiteName]);
}
