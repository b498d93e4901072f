/** @jest-environment jsdom */
import {render, screen} from '@testing-library/react';
import ErrorScreen, {describeError} from '../../src/components/ErrorScreen';
import {products, withComingSoon} from '../../src/data/products';

describe('products', () => {
  it('marks the products the build setting names as coming soon, leaving the data as it is', () => {
    const before = JSON.parse(JSON.stringify(products)) as unknown;
    const staged = withComingSoon(products, ' trip-planner ');
    expect(staged.find((product) => product.id === 'trip-planner')?.isComingSoon).toBe(true);
    const others = (list: typeof products) => list.filter(({id}) => id !== 'trip-planner');
    expect(others(staged)).toEqual(others(products));
    expect(products).toEqual(before);
  });

  it('refuses an unknown product id in the setting, naming the valid ones', () => {
    expect(() => withComingSoon(products, 'trip-planer')).toThrow(
      'COMING_SOON_PRODUCTS names unknown products: trip-planer; the products are: screen-translator, trip-planner',
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
