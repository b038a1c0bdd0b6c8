/** Headless UI's menu, loaded the first time a menu opens (see `Menu.tsx`). */
export { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
