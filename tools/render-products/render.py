# Renders a batch of product pictures in Blender's Cycles, one PNG per job.
# Run by tools/render-products/render-products.mjs:  blender -b --factory-startup --python render.py -- jobs.json
# jobs.json: [{ "kind", "metal", "gem", "view": "principal" | "detalle", "out", "size", "samples" }]
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bpy  # noqa: E402

import pieces  # noqa: E402
import studio  # noqa: E402


def render_job(job):
    studio.reset_scene()
    studio.configure_render(job["size"], job["samples"])
    studio.build_studio()
    metal = studio.metal(job["metal"])
    piece = pieces.BUILDERS[job["kind"]](metal, job.get("gem"))
    objects = [o for o in bpy.context.scene.objects if o.type == "MESH" and o.name != "backdrop"]
    if job["view"] == "principal":
        shot = piece.principal
        if shot[2] is None:
            studio.place_camera(objects, shot[0], shot[1], target=shot[3], radius=shot[4])
        else:
            studio.place_camera(objects, shot[0], shot[1], fill=shot[2])
    else:
        elevation, azimuth, target, radius = piece.detail
        studio.place_camera(objects, elevation, azimuth, target=target, radius=radius)
    bpy.context.scene.render.filepath = job["out"]
    bpy.ops.render.render(write_still=True)


def main():
    jobs = json.load(open(sys.argv[sys.argv.index("--") + 1]))
    for job in jobs:
        start = time.time()
        render_job(job)
        print(f"RENDERED {job['out']} {time.time() - start:.1f}s", flush=True)


main()
