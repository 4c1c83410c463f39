import { type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { ErrorList, Field } from "~/components/forms";
import type { ProductFormInput } from "~/lib/validation/admin-product";
import { HiddenInput } from "~/components/hidden-input";

type ProductFields = ReturnType<FormMetadata<ProductFormInput, string[]>["getFieldset"]>;

/** The image types a photo may be, as the file picker offers them. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * The product's photos: the ones it has (the first is the main one: the grid card's and the page's
 * first picture), new files to upload, and the address of a photo elsewhere. Reordering and removing
 * are form buttons: with JavaScript they act at once, without it the form comes back changed.
 */
export function PhotoPicker({
  form,
  images,
  photos,
  imageUrl,
}: {
  form: FormMetadata<ProductFormInput, string[]>;
  images: ProductFields["images"];
  photos: ProductFields["photos"];
  imageUrl: ProductFields["imageUrl"];
}) {
  const list = images.getFieldList();
  return (
    <fieldset className="space-y-4" data-testid="photo-picker">
      <legend className="font-serif text-xl text-ink-900">Fotos</legend>
      {list.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {list.map((item, i) => (
            <li
              key={item.key}
              className="space-y-1 rounded-sm border border-ink-900/10 bg-white p-2"
              data-testid="photo"
            >
              <HiddenInput meta={item} />
              <img src={item.value ?? ""} alt="" className="aspect-square w-full bg-ivory-100 object-cover" />
              <p className="text-xs text-ink-700">{i === 0 ? "Principal" : `Foto ${i + 1}`}</p>
              <div className="flex flex-wrap gap-x-2 text-xs">
                {i > 0 ? (
                  <button
                    {...form.reorder.getButtonProps({ name: images.name, from: i, to: 0 })}
                    className="text-gold-700 underline"
                  >
                    Hacer principal
                  </button>
                ) : null}
                <button
                  {...form.remove.getButtonProps({ name: images.name, index: i })}
                  className="text-red-800 underline"
                  aria-label={`Quitar la foto ${i + 1}`}
                >
                  Quitar
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor={photos.id} className="field-label">
          Subir fotos (JPEG, PNG o WebP, hasta 5 MB cada una)
        </label>
        <input
          id={photos.id}
          name={photos.name}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-invalid={photos.errors ? true : undefined}
          aria-describedby={photos.errors ? photos.errorId : undefined}
          className="block w-full text-sm file:mr-3 file:rounded-sm file:border file:border-ink-900 file:bg-white file:px-4 file:py-2 file:text-sm file:text-ink-900"
        />
        <ErrorList id={photos.errorId} errors={photos.errors} />
        <p className="mt-1 text-xs text-ink-700/70">
          Se recortan en cuadrado. La primera foto del producto es la principal.
        </p>
      </div>
      <Field
        meta={imageUrl as FieldMetadata<string>}
        label="O la dirección de una foto"
        autoComplete="off"
        hint="https://… o una ruta de la tienda como /images/products/…"
      />
    </fieldset>
  );
}
