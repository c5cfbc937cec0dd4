// The front door of site/supplier-directories: other modules and the app import this module only from here.

export { directoryTemplateRoutes, supplierDirectoriesRoutes } from './supplier-directories.routes.ts';
export {
  createSupplierDirectoriesService,
  DIRECTORY_PRODUCT,
  supplierDirectoryProduct,
} from './supplier-directories.service.ts';
export type { SupplierDirectoriesService } from './supplier-directories.service.ts';
