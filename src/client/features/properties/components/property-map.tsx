// The Leaflet map of the results (doc 1 "Property map"). Loaded with React.lazy only where a map is shown, so
// Leaflet, the clustering plugin and their CSS stay out of every other page. Markers are plain Leaflet layers
// in a cluster group (thousands of React components would not stay smooth); each sits at its district
// centroid with the listing's own small offset, computed by the server, so it never moves between renders.
import { availabilityOf, reducedLabel } from '../../../../domain/availability';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './property-map.css';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { TPropertyCard } from '../../../../domain/properties';
import type { MapBounds } from '../api';
import { bedsAndType, excerpt, rentPerMonth } from '../format';

/** Doc 1 §9: the middle of the UK at zoom 6; popups 280 px wide; 120 characters of description. */
export const UK_CENTRE: [number, number] = [54.6, -3.9];
export const DEFAULT_ZOOM = 6;
export const POPUP_MAX_WIDTH = 280;
export const POPUP_EXCERPT_CHARS = 120;
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// A CSS pin: no image files, so Vite cannot break Leaflet's default icon paths.
const markerIcon = L.divIcon({
  className: 'yp-map-marker',
  html: '<span aria-hidden="true"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
  popupAnchor: [0, -10],
});

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Popup content built as DOM nodes (never HTML strings): listing text cannot inject markup. */
function popupContent(property: TPropertyCard, onOpen: (id: string) => void): HTMLElement {
  const root = element('div', 'yp-popup');
  root.append(element('p', 'yp-popup-rent', rentPerMonth(property.monthlyRentPence)));
  const reduced = reducedLabel(property.rentReducedAt);
  root.append(
    element(
      'p',
      'yp-popup-availability',
      [availabilityOf(property).label, reduced].filter(Boolean).join(' · '),
    ),
  );
  root.append(element('p', 'yp-popup-title', property.title));
  const facts = [bedsAndType(property.bedrooms, property.propertyType), property.postcode]
    .filter(Boolean)
    .join(' · ');
  root.append(element('p', 'yp-popup-facts', facts));
  if (property.description) {
    root.append(element('p', 'yp-popup-excerpt', excerpt(property.description, POPUP_EXCERPT_CHARS)));
  }
  const link = element('a', 'yp-popup-link', 'View property');
  link.setAttribute('href', `/properties/${property.id}`);
  link.setAttribute('aria-label', `View ${property.title}`);
  link.addEventListener('click', (event) => {
    // A plain click stays in the app; a new-tab click keeps the browser's behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(property.id);
  });
  root.append(link);
  return root;
}

function ClusteredMarkers({
  properties,
  onOpen,
}: {
  properties: TPropertyCard[];
  onOpen: (id: string) => void;
}) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  const openRef = useRef(onOpen);
  openRef.current = onOpen;

  useEffect(() => {
    const clusters = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      maxClusterRadius: 60,
    });
    map.addLayer(clusters);
    group.current = clusters;
    const added = markers.current;
    return () => {
      map.removeLayer(clusters);
      added.clear();
      group.current = null;
    };
  }, [map]);

  // Add what is new and remove what is gone, so pages arriving one by one do not redraw everything.
  useEffect(() => {
    const clusters = group.current;
    if (!clusters) return;
    const wanted = new Map(properties.filter((p) => p.lat !== null && p.lng !== null).map((p) => [p.id, p]));
    const stale: L.Marker[] = [];
    for (const [id, marker] of markers.current) {
      if (!wanted.has(id)) {
        stale.push(marker);
        markers.current.delete(id);
      }
    }
    if (stale.length) clusters.removeLayers(stale);
    const fresh: L.Marker[] = [];
    for (const [id, property] of wanted) {
      if (markers.current.has(id)) continue;
      const marker = L.marker([property.lat!, property.lng!], {
        icon: markerIcon,
        title: `${rentPerMonth(property.monthlyRentPence)}, ${property.title}`,
        alt: property.title,
        keyboard: true,
      });
      marker.bindPopup(() => popupContent(property, (pid) => openRef.current(pid)), {
        maxWidth: POPUP_MAX_WIDTH,
      });
      markers.current.set(id, marker);
      fresh.push(marker);
    }
    if (fresh.length) clusters.addLayers(fresh);
  }, [properties]);

  return null;
}

function roundBounds(bounds: L.LatLngBounds): MapBounds {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    north: Math.min(90, r(bounds.getNorth())),
    south: Math.max(-90, r(bounds.getSouth())),
    east: Math.min(180, r(bounds.getEast())),
    west: Math.max(-180, r(bounds.getWest())),
  };
}

/** Fits the view to the markers once per search, and reports where the user moves the map afterwards. */
function ViewController({
  properties,
  fitKey,
  label,
  onBoundsChange,
}: {
  properties: TPropertyCard[];
  fitKey: string | null;
  label: string;
  onBoundsChange: (bounds: MapBounds) => void;
}) {
  const map = useMap();
  const fittedFor = useRef<string | null>(null);
  const ignoreMoves = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onBoundsChange);
  report.current = onBoundsChange;

  // The map is a keyboard-reachable region with a name (Leaflet makes it focusable: arrows pan, +/- zoom).
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);

  useEffect(() => {
    if (fitKey === null || fittedFor.current === fitKey) return;
    const points = properties
      .filter((p) => p.lat !== null && p.lng !== null)
      .map((p) => L.latLng(p.lat!, p.lng!));
    if (points.length === 0) return;
    fittedFor.current = fitKey;
    ignoreMoves.current = true;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13, animate: false });
    // A non-animated fit ends its move synchronously; anything after this is the user's.
    setTimeout(() => {
      ignoreMoves.current = false;
    }, 0);
  }, [map, fitKey, properties]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useMapEvents({
    moveend: () => {
      if (ignoreMoves.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => report.current(roundBounds(map.getBounds())), 300);
    },
  });
  return null;
}

export default function PropertyMap({
  properties,
  fitKey,
  tileUrl,
  label,
  onBoundsChange,
  onOpenProperty,
}: {
  properties: TPropertyCard[];
  /** Changes when the search changes: the map then fits to the new results (null while they load). */
  fitKey: string | null;
  tileUrl: string;
  label: string;
  onBoundsChange: (bounds: MapBounds) => void;
  onOpenProperty: (id: string) => void;
}) {
  return (
    <MapContainer
      center={UK_CENTRE}
      zoom={DEFAULT_ZOOM}
      className="h-full w-full"
      scrollWheelZoom
      worldCopyJump={false}
    >
      <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} />
      <ClusteredMarkers properties={properties} onOpen={onOpenProperty} />
      <ViewController properties={properties} fitKey={fitKey} label={label} onBoundsChange={onBoundsChange} />
    </MapContainer>
  );
}
