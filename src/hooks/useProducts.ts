import {useMemo} from 'react';
import {products, withComingSoon, type Product} from '@site/src/data/products';
import {useSiteSettings} from './useSiteSettings';

/**
 * The products as this build shows them: src/data/products.ts with the COMING_SOON_PRODUCTS
 * setting applied. Every place that lists products reads them here, so a product staged as coming
 * soon loses its links everywhere at once.
 */
export function useProducts(): readonly Product[] {
  const {comingSoon} = useSiteSettings();
  return useMemo(() => withComingSoon(products, comingSoon), [comingSoon]);
}
