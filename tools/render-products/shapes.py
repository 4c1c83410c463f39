# Procedural geometry of jewellery: ring shanks swept from a real cross-section, faceted stones
# (convex hulls of a cut's facet points), prongs, bezels, wires, chain links and pearls.
# Units are millimetres.
import math

import bmesh
import bpy
from mathutils import Matrix, Vector

TAU = 2 * math.pi


def link(obj):
    bpy.context.scene.collection.objects.link(obj)
    return obj


def mesh_object(name, verts, faces, material, smooth=True):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata([tuple(v) for v in verts], [], faces)
    mesh.validate()
    mesh.polygons.foreach_set("use_smooth", [smooth] * len(mesh.polygons))
    mesh.materials.append(material)
    return link(bpy.data.objects.new(name, mesh))


def instance(mesh, matrix, name="instance"):
    """Another object sharing `mesh`: Cycles stores the geometry once."""
    obj = bpy.data.objects.new(name, mesh)
    obj.matrix_world = matrix
    return link(obj)


def frame(origin, z_axis, x_hint=Vector((1, 0, 0))):
    """A matrix at `origin` whose local Z is `z_axis`."""
    z = Vector(z_axis).normalized()
    x = Vector(x_hint) - z * z.dot(Vector(x_hint))
    if x.length < 1e-6:
        x = Vector((0, 1, 0)) - z * z.y
    x.normalize()
    y = z.cross(x)
    m = Matrix((x, y, z)).transposed().to_4x4()
    m.translation = Vector(origin)
    return m


# ───────────────────────── swept shapes ─────────────────────────


def sweep(path, profile, closed=True, up=Vector((0, 0, 1)), scale=None):
    """Vertices and faces of `profile` (a closed loop of (x, y) in the plane across the path:
    x along the normal, y along the binormal) swept along `path` (points). `up` fixes the roll:
    a vector, or a function of the point's index."""
    n, m = len(path), len(profile)
    verts = []
    prev_t = prev_b = None
    for i, p in enumerate(path):
        if closed:
            t = path[(i + 1) % n] - path[i - 1]
        else:
            t = path[min(i + 1, n - 1)] - path[max(i - 1, 0)]
        t.normalize()
        if prev_b is None or callable(up):
            ref = up(i) if callable(up) else up
            b = t.cross(ref)
            if b.length < 1e-6:
                b = t.cross(Vector((1, 0, 0)))
        else:
            # Parallel transport: turn the last frame by the bend, so that a path that becomes
            # parallel to `up` (a standing hoop) does not flip its profile.
            b = prev_t.rotation_difference(t) @ prev_b
            b = b - t * b.dot(t)
        b.normalize()
        prev_t, prev_b = t, b
        nrm = b.cross(t)
        sx, sy = scale(i / (n - (0 if closed else 1))) if scale else (1, 1)
        for x, y in profile:
            verts.append(p + nrm * (x * sx) + b * (y * sy))
    faces = []
    for i in range(n if closed else n - 1):
        j = (i + 1) % n
        for k in range(m):
            k2 = (k + 1) % m
            faces.append((i * m + k, i * m + k2, j * m + k2, j * m + k))
    if not closed:
        faces.append(tuple(reversed(range(m))))
        faces.append(tuple(range((n - 1) * m, n * m)))
    return verts, faces


def circle_profile(r, n=16):
    return [(r * math.cos(TAU * k / n), r * math.sin(TAU * k / n)) for k in range(n)]


def wire(name, material, path, radius, closed=False, n=14):
    verts, faces = sweep(path, circle_profile(radius, n), closed)
    return mesh_object(name, verts, faces, material)


def band_profile(width, thickness, kind="comfort", n=40):
    """Cross-section of a ring band: u outward from the finger, v across the band.
    comfort: domed outside, gently rounded inside, rounded edges; knife: a ridge on the outside;
    flat: a flat outside with softened edges (wide cuffs, signet shanks)."""
    pts = []
    for k in range(n):
        phi = TAU * k / n
        c, s = math.cos(phi), math.sin(phi)
        sc, ss = math.copysign(1, c), math.copysign(1, s)
        if s >= 0:  # outside
            if kind == "knife":
                v, u = width / 2 * sc * abs(c) ** 1.5, thickness / 2 + thickness / 2 * abs(s) ** 1.0
            elif kind == "flat":
                v, u = width / 2 * sc * abs(c) ** 0.25, thickness / 2 + thickness / 2 * abs(s) ** 0.3
            else:
                v, u = width / 2 * sc * abs(c) ** 0.45, thickness / 2 + thickness / 2 * abs(s) ** 0.65
        else:  # against the skin
            v, u = width / 2 * sc * abs(c) ** 0.4, thickness / 2 - thickness / 2 * abs(s) ** 0.35
        pts.append((u, v))
    return pts


def ring_band(name, material, r_in, width, thickness, kind="comfort", taper=None, segments=180):
    """A ring standing on its edge: axis along Y, centre at the origin, θ = 0 at the top.
    taper(θ) → (width factor, thickness factor) narrows the shank towards a head."""
    verts = []
    profile_cache = {}
    for i in range(segments):
        th = TAU * i / segments
        fw, ft = taper(th) if taper else (1, 1)
        key = (round(fw, 3), round(ft, 3))
        if key not in profile_cache:
            profile_cache[key] = band_profile(width * fw, thickness * ft, kind)
        radial = Vector((math.sin(th), 0, math.cos(th)))
        for u, v in profile_cache[key]:
            verts.append(radial * (r_in + u) + Vector((0, v, 0)))
    m = len(profile_cache[next(iter(profile_cache))])
    faces = []
    for i in range(segments):
        j = (i + 1) % segments
        for k in range(m):
            k2 = (k + 1) % m
            faces.append((i * m + k, j * m + k, j * m + k2, i * m + k2))
    return mesh_object(name, verts, faces, material)


def torus(name, material, major, minor, location=(0, 0, 0), axis=(0, 0, 1), segments=96, ring=24):
    path = [Vector((major * math.cos(TAU * i / segments), major * math.sin(TAU * i / segments), 0)) for i in range(segments)]
    verts, faces = sweep(path, circle_profile(minor, ring), True)
    obj = mesh_object(name, verts, faces, material)
    obj.matrix_world = frame(location, axis)
    return obj


def link_mesh(name, material, length, width, wire_r, flat=1.0, segments=40, ring=12):
    """One chain link: a stadium-shaped loop of round wire in the XY plane, long along X.
    `flat` < 1 flattens the wire (curb links are hammered flat)."""
    half = (length - width) / 2
    rr = width / 2 - wire_r
    path = []
    for i in range(segments):
        a = TAU * i / segments
        x = rr * math.cos(a) + (half if math.cos(a) >= 0 else -half)
        path.append(Vector((x, rr * math.sin(a), 0)))
    profile = [(x, y * flat) for x, y in circle_profile(wire_r, ring)]
    verts, faces = sweep(path, profile, True)
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata([tuple(v) for v in verts], [], faces)
    mesh.polygons.foreach_set("use_smooth", [True] * len(mesh.polygons))
    mesh.materials.append(material)
    return mesh


def resample(path, spacing, closed=False):
    """Points every `spacing` along a polyline, with their tangents."""
    pts = list(path) + ([path[0]] if closed else [])
    lengths = [0.0]
    for a, b in zip(pts, pts[1:]):
        lengths.append(lengths[-1] + (b - a).length)
    total = lengths[-1]
    count = int(total // spacing)
    if closed:
        spacing = total / max(count, 1)
    out = []
    seg = 0
    for k in range(count + (0 if closed else 1)):
        d = k * spacing
        while seg < len(pts) - 2 and lengths[seg + 1] < d:
            seg += 1
        a, b = pts[seg], pts[seg + 1]
        f = (d - lengths[seg]) / max(lengths[seg + 1] - lengths[seg], 1e-9)
        out.append((a.lerp(b, f), (b - a).normalized()))
    return out


def chain(name, material, path, length, width, wire_r, closed=False, up=Vector((0, 0, 1)), flat=1.0, roll=90.0, pitch=None):
    """Interlocking links along `path`, each turned `roll` degrees from the last, so every link
    passes through its neighbours (cable chain at 90°; curb chains lie almost flat)."""
    mesh = link_mesh(name, material, length, width, wire_r, flat)
    step = pitch or (length - 2 * wire_r) * 0.98
    objs = []
    for k, (p, t) in enumerate(resample(path, step, closed)):
        base = frame(p, t.cross(up) if t.cross(up).length > 1e-6 else Vector((0, 0, 1)), t)
        # frame's Z is across the path; roll the link about its own long axis (X = tangent)
        a = math.radians(roll if k % 2 else 0) + math.radians(-roll / 2 if roll < 90 else 0)
        rot = Matrix.Rotation(a, 4, "X")
        objs.append(instance(mesh, base @ rot @ Matrix.Rotation(math.pi / 2, 4, "X"), f"{name}-{k}"))
    return objs


# ───────────────────────── stones ─────────────────────────


def outline(cut, n=32):
    """Girdle outline of a cut, unit size (about 1 mm across), as 2D points counter-clockwise,
    the point of pears and hearts towards +Y."""
    pts = []
    for k in range(n):
        a = TAU * k / n + (math.pi / n if cut == "round" else 0)
        x, y = 0.5 * math.cos(a), 0.5 * math.sin(a)
        if cut == "oval":
            y *= 1.35
        elif cut == "pear":
            if y > 0:
                t = y / 0.5
                x *= 1 - 0.78 * t**1.6
                y *= 1.75
        elif cut == "marquise":
            x *= 0.55 + 0.45 * (1 - abs(y) / 0.5) ** 0.5
            y *= 1.9
        pts.append(Vector((x, y)))
    return pts


def heart_halves():
    """A heart is not convex: two convex halves (a lobe and the point), overlapping at the cleft."""
    halves = []
    for side in (-1, 1):
        pts = []
        cx, cy, r = side * 0.24, 0.12, 0.27
        for k in range(24):
            a = TAU * k / 24
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            pts.append(Vector((px, py)))
        pts.append(Vector((0, -0.55)))
        pts.append(Vector((side * 0.05, -0.5)))
        halves.append(pts)
    return halves


def _hull_object(name, points, material):
    bm = bmesh.new()
    for p in points:
        bm.verts.new(p)
    result = bmesh.ops.convex_hull(bm, input=bm.verts)
    loose = [g for g in result["geom_interior"] + result["geom_unused"] if isinstance(g, bmesh.types.BMVert)]
    bmesh.ops.delete(bm, geom=loose, context="VERTS")
    bmesh.ops.dissolve_limit(bm, angle_limit=math.radians(0.5), verts=bm.verts, edges=bm.edges)
    mesh = bpy.data.meshes.new(name)
    bm.to_mesh(mesh)
    bm.free()
    mesh.materials.append(material)
    return link(bpy.data.objects.new(name, mesh))


def _convex_hull2d(pts):
    pts = sorted(set((round(p.x, 6), round(p.y, 6)) for p in pts))
    if len(pts) < 3:
        return [Vector(p) for p in pts]

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [Vector(p) for p in lower[:-1] + upper[:-1]]


def facet_points(girdle, step=False):
    """Facet corners of a brilliant (or, with step, an emerald-style step cut) on a convex girdle
    outline of unit size: table, crown, girdle, pavilion, culet. Proportions of an ideal round
    brilliant: table 55 %, crown 15 %, pavilion 43 % of the diameter."""
    girdle = _convex_hull2d(girdle)
    c = sum(girdle, Vector((0, 0))) / len(girdle)
    n = len(girdle)

    def ring(scale, z, every=1, offset=0):
        out = []
        for k in range(offset, n, every):
            p = c + (girdle[k] - c) * scale
            out.append(Vector((p.x, p.y, z)))
        return out

    if step:
        layers = [ring(0.72, 0.13), ring(0.86, 0.09), ring(1, 0.012), ring(1, -0.012), ring(0.82, -0.13), ring(0.55, -0.26), ring(0.22, -0.36)]
        return [p for layer in layers for p in layer]
    pts = ring(0.55, 0.155, 4) + ring(0.80, 0.098, 4, 2) + ring(1, 0.012) + ring(1, -0.012, 1)
    pts += ring(0.56, -0.22, 4, 2) + [Vector((c.x, c.y, -0.43))]
    return pts


def cut_stone(name, material, cut, size, matrix):
    """A faceted stone `size` mm across, table up (+Z), girdle at z = 0, placed by `matrix`."""
    if cut == "heart":
        parts = [_hull_object(f"{name}-{i}", [p * size for p in facet_points(half)], material) for i, half in enumerate(heart_halves())]
    elif cut == "emerald":
        girdle = [Vector((x * 0.36, y * 0.5)) for x, y in ((1, 0.8), (0.8, 1), (-0.8, 1), (-1, 0.8), (-1, -0.8), (-0.8, -1), (0.8, -1), (1, -0.8))]
        parts = [_hull_object(name, [p * size for p in facet_points(girdle, step=True)], material)]
    else:
        parts = [_hull_object(name, [p * size for p in facet_points(outline(cut))], material)]
    for part in parts:
        part.matrix_world = matrix
    return parts


def cabochon_slab(name, material, width, length, height, matrix):
    """A polished flat table stone (onyx in a signet): a slab with bevelled top edges."""
    w, l, h = width / 2, length / 2, height
    b = min(w, l) * 0.18
    pts = [Vector((sx * w, sy * l, 0)) for sx in (-1, 1) for sy in (-1, 1)]
    pts += [Vector((sx * (w - b), sy * (l - b), h)) for sx in (-1, 1) for sy in (-1, 1)]
    pts += [Vector((sx * w, sy * (l - b * 0.3), h * 0.75)) for sx in (-1, 1) for sy in (-1, 1)]
    pts += [Vector((sx * (w - b * 0.3), sy * l, h * 0.75)) for sx in (-1, 1) for sy in (-1, 1)]
    obj = _hull_object(name, pts, material)
    obj.matrix_world = matrix
    return obj


def sphere(name, material, radius, location, segments=48, rings=32):
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_uvsphere(bm, u_segments=segments, v_segments=rings, radius=radius)
    bm.to_mesh(mesh)
    bm.free()
    mesh.polygons.foreach_set("use_smooth", [True] * len(mesh.polygons))
    mesh.materials.append(material)
    obj = link(bpy.data.objects.new(name, mesh))
    # matrix_world rather than location: callers move pieces by their world matrices at once.
    obj.matrix_world = Matrix.Translation(Vector(location))
    return obj


def capsule(name, material, a, b, radius, n=12):
    """A wire from a to b with rounded ends (prongs, posts, bars)."""
    a, b = Vector(a), Vector(b)
    axis = b - a
    steps = 6
    path = []
    profile_scale = []
    for k in range(steps + 1):  # hemispherical cap at a
        ang = math.pi / 2 * (1 - k / steps)
        path.append(a - axis.normalized() * radius * math.sin(ang))
        profile_scale.append(max(math.cos(ang), 0.05))
    for k in range(1, 8):
        path.append(a + axis * (k / 8))
        profile_scale.append(1)
    for k in range(steps + 1):
        ang = math.pi / 2 * k / steps
        path.append(b + axis.normalized() * radius * math.sin(ang))
        profile_scale.append(max(math.cos(ang), 0.05))
    hint = Vector((0, 0, 1)) if abs(axis.normalized().z) < 0.9 else Vector((1, 0, 0))
    verts, faces = sweep(path, circle_profile(radius, n), False, up=hint, scale=lambda f: (1, 1))
    # scale each ring of the profile for the caps
    m = n
    for i, s in enumerate(profile_scale):
        centre = path[i]
        for k in range(m):
            v = verts[i * m + k]
            verts[i * m + k] = centre + (v - centre) * s
    return mesh_object(name, verts, faces, material)


def prongs(name, material, matrix, size, count=4, height=None, cut="round", radius=None, angle0=None):
    """Claws holding a stone of `size` mm set by `matrix` (girdle at its origin): from under the
    girdle, leaning in over the crown."""
    pts = outline(cut, 64)
    r = radius or max(0.05, size * 0.055)
    top = height if height is not None else size * 0.16
    objs = []
    a0 = angle0 if angle0 is not None else (math.pi / count if cut == "round" else 0)
    for k in range(count):
        a = a0 + TAU * k / count
        d = Vector((math.cos(a), math.sin(a)))
        # the girdle point in that direction
        best = max(pts, key=lambda p: p.normalized().dot(d))
        g = Vector((best.x, best.y, 0)) * size
        out = Vector((g.x, g.y, 0)).normalized() * r * 0.6
        low = g * 0.55 + Vector((0, 0, -size * 0.42)) + out
        tip = g * 0.93 + Vector((0, 0, top))
        mid = g + out * 1.4 + Vector((0, 0, top * 0.2))
        objs.append(capsule(f"{name}-{k}", material, matrix @ low, matrix @ mid, r))
        objs.append(capsule(f"{name}-{k}t", material, matrix @ mid, matrix @ tip, r * 0.95))
    return objs


def bezel(name, material, matrix, size, cut="round", height=None, wall=None, n=64):
    """A collar of metal around a stone's girdle (bezel setting), its lip just over the girdle."""
    pts = _convex_hull2d(outline(cut, n)) if cut != "heart" else None
    if pts is None:
        return []
    wall = wall or size * 0.08
    h = height or size * 0.45
    path = [Vector((p.x * size * 1.0, p.y * size * 1.0, 0)) for p in pts]
    # The path with Z up and a rectangle across it: the wall's cross-section.
    prof = band_profile(h, wall, "flat", 24)
    prof = [(u - wall * 0.1, v - h * 0.32) for u, v in prof]
    path_c = [p for p in path]
    verts, faces = sweep(path_c, [(y, x) for x, y in prof], True, up=Vector((0, 0, 1)))
    obj = mesh_object(name, verts, faces, material)
    obj.matrix_world = matrix
    return [obj]
