// Compile-time constants, replaced by esbuild `define` per environment (compiler/environments.ts),
// so that `if (!__TAGC_VALIDATE__)` branches and their imports vanish from the bundle.
declare const __TAGC_ENV__: import('../declare/types').Env;
/** Debug and info logging compiled in. Call sites also carry a `DEBUG:` label that non-debug builds drop. */
declare const __TAGC_DEBUG__: boolean;
/** Event payload validation compiled in. */
declare const __TAGC_VALIDATE__: boolean;
/** Tooling-only parts compiled in (runtime/declare/tooling.ts). Undeclared (so true) where the compiler loads a project in Node. */
declare const __TAGC_TOOLING__: boolean | undefined;
/** Per optional option field (runtime/declare/unset-options.ts): true where no module of the project names it; false in Node. */
declare const __TAGC_UNSET_optedIn__: boolean;
declare const __TAGC_UNSET_pageLoadEnabled__: boolean;
declare const __TAGC_UNSET_viewsEnabled__: boolean;
declare const __TAGC_UNSET_hideBody__: boolean;
declare const __TAGC_UNSET_loadTimeout__: boolean;
declare const __TAGC_UNSET_serverState__: boolean;
declare const __TAGC_UNSET_disableIdSyncs__: boolean;
declare const __TAGC_UNSET_attributes__: boolean;
declare const __TAGC_UNSET_attribute__: boolean;
declare const __TAGC_UNSET_refresh__: boolean;
declare const __TAGC_UNSET_pageview__: boolean;
declare const __TAGC_UNSET_npa__: boolean;
declare const __TAGC_UNSET_childDirected__: boolean;
declare const __TAGC_UNSET_underAge__: boolean;
declare const __TAGC_UNSET_ignoreCase__: boolean;
declare const __TAGC_UNSET_purchaseID__: boolean;
declare const __TAGC_UNSET_currencyCode__: boolean;
declare const __TAGC_UNSET_cc__: boolean;
declare const __TAGC_UNSET_products__: boolean;
declare const __TAGC_UNSET_contextData__: boolean;
declare const __TAGC_UNSET_list1__: boolean;
declare const __TAGC_UNSET_list2__: boolean;
declare const __TAGC_UNSET_list3__: boolean;
declare const __TAGC_UNSET_l1__: boolean;
declare const __TAGC_UNSET_l2__: boolean;
declare const __TAGC_UNSET_l3__: boolean;
