// Issue 30 item 7: the public pages navigate before their scripts have run (decision 0061). The HTML the server sends
// must hold real links and GET forms under the names /properties reads, and /properties must answer every query
// those forms and links produce with the right homes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE_SIZE } from '../../src/domain/contractor-options';
import { PAGE_SIZE } from '../../src/domain/property-options';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { pageHtml } from '../support/http';

describe('pages that work before their scripts arrive', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The page's <main> as a browser without scripts sees it (the footer names the newest home), entities read back. */
  const rootOf = async (url: string) => {
    const html = await pageHtml(t, url);
    const start = html.indexOf('<main');
    const end = html.indexOf('</main>');
    expect(start, url).toBeGreaterThanOrEqual(0);
    expect(end, url).toBeGreaterThan(start);
    return html.slice(start, end).replaceAll('&amp;', '&').replaceAll('&#x27;', "'");
  };
  /** Each `<form …>` opening tag in the markup. */
  const formTags = (root: string) => root.match(/<form\b[^>]*>/g) ?? [];
  /** The names of the fields between a form's opening tag and its end. */
  const fieldNames = (root: string, formTag: string) => {
    const body = root.slice(root.indexOf(formTag)).split('</form>')[0];
    return [...body.matchAll(/<(?:input|select)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]);
  };

  it('gives the landing page role cards as links and its search as a GET form to /properties', async () => {
    const root = await rootOf('/');
    for (const [card, role] of [
      ["I'm a Tenant", 'tenant'],
      ["I'm a Landlord", 'landlord'],
      ["I'm a Contractor", 'contractor'],
    ]) {
      expect(root).toMatch(
        new RegExp(`<a [^>]*href="/simple-registration\\?type=${role}"[^>]*>(?:(?!</a>).)*${card}`, 's'),
      );
    }
    const search = formTags(root).find((tag) => tag.includes('action="/properties"'));
    expect(search).toMatch(/method="get"/);
    expect(fieldNames(root, search ?? '')).toEqual(['postcode', 'propertyType', 'budget']);
  });

  it('answers the landing form’s queries, empty fields and "any" included, with the homes they ask for', async () => {
    const landlord = await createLandlord(t);
    await createListing(t, {
      landlordId: landlord.id,
      title: 'York house in budget',
      rent: 1200,
      type: 'house',
      outcode: 'YO1',
    });
    await createListing(t, {
      landlordId: landlord.id,
      title: 'York house too cheap',
      rent: 700,
      type: 'house',
      outcode: 'YO1',
    });
    await createListing(t, {
      landlordId: landlord.id,
      title: 'York flat in budget',
      rent: 1300,
      type: 'apartment',
      outcode: 'YO1',
    });

    const banded = await rootOf('/properties?postcode=YO1&propertyType=house&budget=1000-1500');
    expect(banded).toContain('York house in budget');
    expect(banded).not.toContain('York house too cheap');
    expect(banded).not.toContain('York flat in budget');

    // Nothing chosen: every field is sent empty (or "any") and none of them narrows the search.
    const empty = await rootOf('/properties?postcode=YO1&propertyType=any&budget=');
    for (const title of ['York house in budget', 'York house too cheap', 'York flat in budget'])
      expect(empty).toContain(title);
    const blank = await rootOf('/properties?postcode=&propertyType=any&budget=');
    expect(blank).toContain('Homes to rent');
    expect(blank).not.toContain('Failed to fetch properties');

    // The top band ("2000+") as a form sends it, with its + encoded.
    const top = await rootOf('/properties?postcode=YO1&budget=2000%2B');
    expect(top).toContain('No properties found');
  });

  it('gives /properties its filters as a GET form, and answers what that form sends', async () => {
    const landlord = await createLandlord(t);
    await createListing(t, {
      landlordId: landlord.id,
      title: 'Exeter cottage dear',
      rent: 1900,
      outcode: 'EX4',
    });
    await createListing(t, {
      landlordId: landlord.id,
      title: 'Exeter cottage cheap',
      rent: 600,
      outcode: 'EX4',
    });

    const root = await rootOf('/properties');
    const filters = formTags(root).find((tag) => tag.includes('aria-label="Filter properties"'));
    expect(filters).toMatch(/method="get"/);
    expect(filters).toMatch(/action="\/properties"/);
    expect(fieldNames(root, filters ?? '')).toEqual([
      'location',
      'radius',
      'propertyType',
      'bedrooms',
      'minRent',
      'maxRent',
      'q',
      'includeLetAgreed',
      'sort',
    ]);
    expect(root.slice(root.indexOf(filters ?? ''))).toMatch(/<button type="submit"[^>]*>Apply filters</);

    // Exactly what the form sends with only the location and the sort changed: the sliders at their ends, the
    // other fields empty or "all".
    const sent = await rootOf(
      '/properties?location=EX4&radius=&propertyType=all&bedrooms=all&minRent=0&maxRent=5000&q=&sort=rent_asc',
    );
    const dear = sent.indexOf('Exeter cottage dear');
    const cheap = sent.indexOf('Exeter cottage cheap');
    expect(cheap).toBeGreaterThan(0);
    expect(dear).toBeGreaterThan(cheap);
    const capped = await rootOf(
      '/properties?location=EX4&radius=&propertyType=all&bedrooms=all&minRent=0&maxRent=1000&q=&sort=newest',
    );
    expect(capped).toContain('Exeter cottage cheap');
    expect(capped).not.toContain('Exeter cottage dear');
  });

  it('links to the next page of results, which the server renders on its own', async () => {
    const landlord = await createLandlord(t);
    for (let i = 1; i <= PAGE_SIZE + 1; i++) {
      await createListing(t, {
        landlordId: landlord.id,
        title: `Bath terrace number ${String(i).padStart(2, '0')}`,
        rent: 500 + i * 10,
        outcode: 'BA1',
      });
    }
    const first = await rootOf('/properties?location=BA1&sort=rent_asc');
    expect(first).toContain('Bath terrace number 01');
    expect(first).not.toContain(`Bath terrace number ${PAGE_SIZE + 1}`);
    const more = first.match(/<a [^>]*href="(\/properties\?[^"]*cursor=[^"]+)"[^>]*>Load More Properties</);
    expect(more?.[1]).toMatch(/^\/properties\?location=BA1&sort=rent_asc&cursor=/);

    const second = await rootOf(more?.[1] ?? '');
    expect(second).toContain(`Bath terrace number ${PAGE_SIZE + 1}`);
    expect(second).not.toContain('Bath terrace number 01');
    expect(second).not.toContain('Load More Properties');
  });

  it('gives the contractor directory one GET form, links for its quick filters, and a page link', async () => {
    for (let i = 1; i <= DIRECTORY_PAGE_SIZE + 1; i++) {
      await createContractor(t, {
        businessName: `Norwich Fixers ${String(i).padStart(2, '0')}`,
        serviceAreas: ['Norwich'],
        emergencyCallouts: i === 1,
      });
    }
    const root = await rootOf('/contractors');
    const form = formTags(root).find((tag) => tag.includes('action="/contractors"'));
    expect(form).toMatch(/method="get"/);
    const id = form?.match(/id="([^"]+)"/)?.[1];
    // The search box is inside the form; the specialty, area and sort fields join it by its id.
    expect(fieldNames(root, form ?? '')).toEqual(['q']);
    for (const name of ['specialty', 'serviceArea', 'sort'])
      expect(root).toMatch(
        new RegExp(
          `<(?:input|select)\\b[^>]*name="${name}"[^>]*form="${id}"|<(?:input|select)\\b[^>]*form="${id}"[^>]*name="${name}"`,
        ),
      );
    expect(root).toMatch(/<a [^>]*href="\/contractors\?emergency=1"[^>]*>(?:(?!<\/a>).)*Emergency Services/s);
    expect(root).toMatch(/<a [^>]*href="\/contractors\?serviceArea=Leeds"[^>]*>Leeds</);

    // What the form sends with only the area filled in.
    const sent = await rootOf('/contractors?q=&specialty=all&serviceArea=Norwich&sort=name');
    expect(sent).toContain('Norwich Fixers 01');
    expect(sent).not.toContain(`Norwich Fixers ${DIRECTORY_PAGE_SIZE + 1}`);
    const more = sent.match(/<a [^>]*href="(\/contractors\?[^"]*page=2)"[^>]*>Load more</);
    expect(more?.[1]).toBe('/contractors?serviceArea=Norwich&sort=name&page=2');
    const second = await rootOf(more?.[1] ?? '');
    expect(second).toContain(`Norwich Fixers ${DIRECTORY_PAGE_SIZE + 1}`);
    expect(second).not.toContain('Norwich Fixers 01');

    const emergency = await rootOf('/contractors?serviceArea=Norwich&emergency=1');
    expect(emergency).toContain('Norwich Fixers 01');
    expect(emergency).not.toContain('Norwich Fixers 02');
  });
});
