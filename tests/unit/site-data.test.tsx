import {render, screen} from '@testing-library/react';
import ErrorScreen, {describeError} from '../../src/components/ErrorScreen';
import {products, withComingSoon} from '../../src/data/products';

describe('products', () => {
  it('are both live, with three features each, and only the translator has the badge', () => {
    expect(
      products.map((product) => [product.id, product.isComingSoon, product.appStoreBadge]),
    ).toEqual([
      ['screen-translator', false, true],
      ['trip-planner', false, false],
    ]);
    for (const product of products) expect(product.features).toHaveLength(3);
  });

  it('can mark a product as coming soon through the build setting', () => {
    const staged = withComingSoon(products, ' trip-planner ');
    expect(staged.map((product) => product.isComingSoon)).toEqual([false, true]);
    expect(products[1]!.isComingSoon).toBe(false);
  });

  it('refuses an unknown product id in the setting', () => {
    expect(() => withComingSoon(products, 'trip-planer')).toThrow(
      'COMING_SOON_PRODUCTS names unknown products: trip-planer',
    );
  });
});

describe('the error screen', () => {
  it('shows a routing error’s status and status text', () => {
    render(
      <ErrorScreen error={{status: 404, statusText: 'Not Found'}} tryAgain={() => undefined} />,
    );
    expect(screen.getByRole('heading', {level: 1}).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(screen.getByRole('heading', {level: 2}).textContent).toBe('404 Not Found');
  });

  it('shows an exception’s message', () => {
    expect(describeError(new Error('Boom'))).toEqual({message: 'Boom'});
    expect(describeError('plain text')).toEqual({message: 'plain text'});
  });
});
