/**
 * Where the build writes the map of what a first search fetches (framework-map.ts), which the page
 * script reads when the search box is touched and the service worker keeps for offline use. A
 * module of its own: the worker's bundle must not reach the build's Node code.
 */
export const FRAMEWORK_MAP_PATH = '/framework.json';
