"""Keezbord's parts for the web table: the renderer (``renderer.js``) and the cautions."""
