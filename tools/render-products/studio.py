# The photographic studio every piece is rendered in: materials (polished metals, cut gems,
# pearls), a seamless ivory backdrop, large soft area lights that the metal reflects, the camera and
# Cycles' settings. Units are millimetres; the backdrop's floor is z = 0.
import math

import bpy
from mathutils import Matrix, Vector

# Base colours of polished metals (linear RGB, the metal's reflectance at normal incidence).
# Jewellery alloys are paler than the pure metals: 14k yellow gold is less saturated than 24k, and
# white gold is rhodium plated, which is why it sits between silver and platinum.
METALS = {
    "oro": (0.96, 0.74, 0.42),
    "oro-blanco": (0.80, 0.80, 0.79),
    "oro-rosa": (0.95, 0.64, 0.53),
    "plata": (0.95, 0.94, 0.91),
    "platino": (0.70, 0.68, 0.64),
}

# Index of refraction and body colour of each gem. Colour in a glass shader tints every pass
# through the stone, so saturated stones need a lighter colour than their apparent one.
GEMS = {
    "diamante": (2.42, (1.0, 1.0, 1.0)),
    "esmeralda": (1.57, (0.12, 0.62, 0.30)),
    "rubi": (1.77, (0.80, 0.04, 0.10)),
    "zafiro": (1.77, (0.10, 0.22, 0.80)),
    "amatista": (1.54, (0.52, 0.26, 0.78)),
}

# The shop's ivory (#f8f3ea) in linear RGB, a little darker so the lights bring it back up.
BACKDROP = (0.93, 0.89, 0.81)

_materials = {}


def _principled(name):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    return mat, mat.node_tree.nodes["Principled BSDF"]


def metal(key):
    if key in _materials.get("metal", {}):
        return _materials["metal"][key]
    mat, bsdf = _principled(f"metal-{key}")
    bsdf.inputs["Base Color"].default_value = (*METALS[key], 1)
    bsdf.inputs["Metallic"].default_value = 1.0
    # Polished, not a mirror: a little roughness spreads the softboxes' reflections into the
    # smooth gradients of jewellery photography and keeps the noise down without a denoiser.
    bsdf.inputs["Roughness"].default_value = 0.07 if key != "plata" else 0.06
    _materials.setdefault("metal", {})[key] = mat
    return mat


def gem(key):
    if key in _materials.get("gem", {}):
        return _materials["gem"][key]
    if key == "perla":
        mat = pearl()
    elif key == "onix":
        mat, bsdf = _principled("onix")
        bsdf.inputs["Base Color"].default_value = (0.006, 0.006, 0.007, 1)
        bsdf.inputs["Roughness"].default_value = 0.04
        bsdf.inputs["Specular"].default_value = 0.6
    else:
        ior, colour = GEMS[key]
        mat = bpy.data.materials.new(f"gem-{key}")
        mat.use_nodes = True
        nodes, links = mat.node_tree.nodes, mat.node_tree.links
        nodes.remove(nodes["Principled BSDF"])
        glass = nodes.new("ShaderNodeBsdfGlass")
        glass.distribution = "SHARP"
        glass.inputs["IOR"].default_value = ior
        glass.inputs["Color"].default_value = (*colour, 1)
        links.new(glass.outputs[0], nodes["Material Output"].inputs["Surface"])
    _materials.setdefault("gem", {})[key] = mat
    return mat


def pearl():
    """Nacre: a satin dielectric whose colour turns faintly rose at grazing angles, with a sheen."""
    mat, bsdf = _principled("perla")
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    weight = nodes.new("ShaderNodeLayerWeight")
    weight.inputs["Blend"].default_value = 0.35
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = (0.90, 0.87, 0.80, 1)
    ramp.color_ramp.elements[1].color = (0.86, 0.72, 0.70, 1)
    links.new(weight.outputs["Facing"], ramp.inputs["Fac"])
    links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = 0.28
    bsdf.inputs["Specular"].default_value = 0.55
    bsdf.inputs["Sheen"].default_value = 0.6
    bsdf.inputs["Sheen Tint"].default_value = 0.6
    bsdf.inputs["Clearcoat"].default_value = 0.7
    bsdf.inputs["Clearcoat Roughness"].default_value = 0.12
    return mat


def backdrop_material():
    mat, bsdf = _principled("backdrop")
    bsdf.inputs["Base Color"].default_value = (*BACKDROP, 1)
    bsdf.inputs["Roughness"].default_value = 0.9
    bsdf.inputs["Specular"].default_value = 0.2
    return mat


def reset_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    _materials.clear()


def _area_light(name, location, target, size_x, size_y, radiance, colour=(1, 1, 1)):
    data = bpy.data.lights.new(name, "AREA")
    data.shape = "RECTANGLE"
    data.size, data.size_y = size_x, size_y
    # Watts from radiance, so that resizing a softbox does not change how bright it looks.
    data.energy = radiance * size_x * size_y * math.pi / 1000.0
    data.color = colour
    light = bpy.data.objects.new(name, data)
    bpy.context.scene.collection.objects.link(light)
    light.location = Vector(location)
    direction = Vector(target) - light.location
    light.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()
    return light


def build_studio():
    scene = bpy.context.scene
    # A seamless floor much larger than any view, so the camera never sees its edge.
    bpy.ops.mesh.primitive_plane_add(size=4000, location=(0, 0, 0))
    floor = bpy.context.active_object
    floor.name = "backdrop"
    floor.data.materials.append(backdrop_material())

    # The softboxes: a large key above and in front-left, a long strip on the right, a big
    # overhead, and a rim behind. Metal mirrors them as broad white panels.
    _area_light("key", (-160, -200, 260), (0, 0, 8), 260, 200, 9.0)
    _area_light("strip-right", (230, -60, 110), (0, 0, 8), 80, 320, 6.0)
    _area_light("overhead", (0, 40, 420), (0, 0, 0), 420, 420, 3.2)
    _area_light("rim", (40, 320, 140), (0, 0, 10), 300, 90, 4.0, (1.0, 0.97, 0.92))

    # The rest of the studio is a dim warm grey: the dark bands between the softboxes give the
    # metal its contrast.
    world = bpy.data.worlds.new("studio")
    world.use_nodes = True
    bg = world.node_tree.nodes["Background"]
    bg.inputs["Color"].default_value = (0.07, 0.066, 0.062, 1)
    bg.inputs["Strength"].default_value = 1.0
    scene.world = world


def configure_render(size, samples):
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    cycles = scene.cycles
    cycles.device = "CPU"
    cycles.samples = samples
    cycles.use_adaptive_sampling = True
    cycles.adaptive_threshold = 0.015
    cycles.adaptive_min_samples = min(32, samples)
    # No denoiser in Debian's build: keep noise low by design. No caustics, indirect light
    # clamped, glossy filtered, few bounces except through stones.
    cycles.use_denoising = False
    cycles.caustics_reflective = False
    cycles.caustics_refractive = False
    cycles.blur_glossy = 0.6
    cycles.sample_clamp_direct = 0
    cycles.sample_clamp_indirect = 4.0
    cycles.max_bounces = 10
    cycles.diffuse_bounces = 2
    cycles.glossy_bounces = 4
    cycles.transmission_bounces = 8
    cycles.transparent_max_bounces = 2
    cycles.volume_bounces = 0
    cycles.filter_width = 1.2
    scene.render.threads_mode = "FIXED"
    scene.render.threads = 2
    scene.render.resolution_x = size
    scene.render.resolution_y = size
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.color_depth = "8"
    scene.view_settings.view_transform = "Filmic"
    scene.view_settings.look = "Medium High Contrast"
    scene.view_settings.exposure = 2.3


def _bounds(objects):
    points = []
    for obj in objects:
        if obj.type != "MESH":
            continue
        points.extend(obj.matrix_world @ Vector(corner) for corner in obj.bound_box)
    lo = Vector((min(p.x for p in points), min(p.y for p in points), min(p.z for p in points)))
    hi = Vector((max(p.x for p in points), max(p.y for p in points), max(p.z for p in points)))
    return points, lo, hi


def place_camera(objects, elevation, azimuth, fill=0.78, target=None, radius=None, lens=100):
    """A camera on a long lens looking down at `elevation` degrees from `azimuth` (0 = from -Y),
    at the distance where the pieces (or the sphere target/radius) fill `fill` of the frame."""
    scene = bpy.context.scene
    cam_data = bpy.data.cameras.new("camera")
    cam_data.lens = lens
    cam_data.sensor_width = 36
    cam_data.clip_start = 1
    cam_data.clip_end = 20000
    cam = bpy.data.objects.new("camera", cam_data)
    scene.collection.objects.link(cam)
    scene.camera = cam

    el, az = math.radians(elevation), math.radians(azimuth)
    direction = Vector((math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)))
    half = math.atan(18 / lens)
    if target is not None:
        centre = Vector(target)
        points = [centre + Vector((dx, dy, dz)) * radius for dx in (-1, 1) for dy in (-1, 1) for dz in (-1, 1)]
    else:
        points, lo, hi = _bounds(objects)
        centre = (lo + hi) / 2
    distance = 300.0
    for _ in range(6):
        cam.location = centre + direction * distance
        cam.rotation_euler = (-direction).to_track_quat("-Z", "Y").to_euler()
        bpy.context.view_layer.update()
        inverse = cam.matrix_world.inverted()
        local = [inverse @ p for p in points]
        xs = [p.x / -p.z for p in local]
        ys = [p.y / -p.z for p in local]
        # Re-centre on the projected box, then set the distance from its extent.
        shift_x, shift_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        right = cam.matrix_world.to_3x3() @ Vector((1, 0, 0))
        up = cam.matrix_world.to_3x3() @ Vector((0, 1, 0))
        centre = centre + (right * shift_x + up * shift_y) * distance
        extent = max(max(xs) - min(xs), max(ys) - min(ys)) / 2
        distance *= extent / (math.tan(half) * fill)
    cam.location = centre + direction * distance
    cam.rotation_euler = (-direction).to_track_quat("-Z", "Y").to_euler()
    cam_data.dof.use_dof = False
    return cam


__all__ = ["Matrix"]
